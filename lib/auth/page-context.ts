// Server components act as the signed-in board user through the same services as the API.
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { db } from "@/lib/db/client";
import { sessionClaims } from "@/lib/auth/session";
import { boardActorForSession, type BoardActor } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/services/context";
import type { UserTheme } from "@/lib/generated/prisma/client";
import { themeOfUser } from "@/lib/services/users";

export interface BoardContext extends ServiceContext {
  actor: BoardActor;
}

/** The signed-in board user's service context, or null when nobody is signed in (or the session was revoked). */
export async function boardContext(): Promise<BoardContext | null> {
  const claims = await sessionClaims(await cookies());
  if (!claims) return null;
  const actor = await boardActorForSession(claims);
  return actor ? { db: db(), actor } : null;
}

/** Like boardContext, but sends a visitor who is not signed in to the login page. */
export async function requireBoardContext(returnTo: string): Promise<BoardContext> {
  const ctx = await boardContext();
  if (!ctx) redirect(`/login?callbackUrl=${encodeURIComponent(returnTo)}`);
  return ctx;
}

/**
 * The theme of whoever the session cookie names, for the root layout to set on <html> before the first
 * paint. It reads the cookie's claims only: a revoked session still shows its user's theme, which tells
 * nothing and saves the session check on pages that make their own.
 */
export async function viewerTheme(): Promise<UserTheme> {
  const claims = await sessionClaims(await cookies());
  return claims ? themeOfUser(db(), claims.userId) : "system";
}
