// Server components act as the signed-in board user through the same services as the API.
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { db } from "@/lib/db/client";
import { authOptions } from "@/lib/auth/session";
import { boardActorForUser, type BoardActor } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/services/context";

export interface BoardContext extends ServiceContext {
  actor: BoardActor;
}

/** The signed-in board user's service context, or null when nobody is signed in. */
export async function boardContext(): Promise<BoardContext | null> {
  const session = await getServerSession(authOptions());
  const userId = (session?.user as { id?: string } | undefined)?.id;
  if (!userId) return null;
  const actor = await boardActorForUser(userId, "session");
  return actor ? { db: db(), actor } : null;
}

/** Like boardContext, but sends a visitor who is not signed in to the login page. */
export async function requireBoardContext(returnTo: string): Promise<BoardContext> {
  const ctx = await boardContext();
  if (!ctx) redirect(`/login?callbackUrl=${encodeURIComponent(returnTo)}`);
  return ctx;
}
