// What a board invite link is worth now, from its token alone: shared by the invite services and by
// the proxy that gives the invite page its HTTP status, which must not load the rest of the services.
import type { BoardInvite } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/db/client";
import { digestToken, tokenKind } from "@/lib/auth/tokens";
import type { Tx } from "@/lib/services/context";

export type BoardInviteState = "valid" | "used" | "revoked" | "expired";

export function boardInviteState(invite: Pick<BoardInvite, "acceptedAt" | "revokedAt" | "expiresAt">, now = new Date()): BoardInviteState {
  if (invite.acceptedAt) return "used";
  if (invite.revokedAt) return "revoked";
  return invite.expiresAt <= now ? "expired" : "valid";
}

export async function inviteByToken(db: Db | Tx, token: string): Promise<BoardInvite | null> {
  if (tokenKind(token) !== "boardInvite") return null;
  return db.boardInvite.findUnique({ where: { tokenHash: digestToken(token) } });
}

/**
 * The HTTP status of the invite page for a token: a link that was used or has expired is gone (410);
 * one that never existed or was withdrawn is not found (404). The page says which, in words.
 */
export async function boardInvitePageStatus(db: Db, token: string): Promise<200 | 404 | 410> {
  const invite = await inviteByToken(db, token);
  if (!invite) return 404;
  const state = boardInviteState(invite);
  return state === "valid" ? 200 : state === "revoked" ? 404 : 410;
}
