// A board user's own password. Changing it ends every session of the user (a stolen cookie with it);
// the browser that made the change gets a fresh session, so its user stays signed in.
import { AppError } from "@/lib/http/errors";
import { requireBoard } from "@/lib/auth/permissions";
import { checkPassword, hashPassword } from "@/lib/auth/password";
import { guardAttempt, signInPolicy } from "@/lib/auth/rate-limit";
import { SESSION_MAX_AGE_SEC } from "@/lib/auth/board-sessions";
import { uuidv7 } from "@/lib/ids";
import type { ChangePasswordInput } from "@/lib/schemas/password";
import type { ServiceContext } from "@/lib/services/context";

/**
 * Checks the current password (rate-limited like sign-in, per account and address), stores the new
 * hash and revokes every session of the user. Returns the id of the caller's fresh session when the
 * caller came with a session cookie, else null.
 */
export async function changeMyPassword(ctx: ServiceContext, input: ChangePasswordInput, address: string): Promise<string | null> {
  requireBoard(ctx.actor, "Agents have no password");
  const { userId, email, via } = ctx.actor;
  const ok = await guardAttempt(signInPolicy, email, address, async () => (await checkPassword(email, input.currentPassword))?.id === userId);
  if (!ok) throw new AppError("unprocessable", "The current password is wrong", [{ path: "body.currentPassword", message: "is not the current password" }]);
  const passwordHash = await hashPassword(input.newPassword);
  const now = new Date();
  const freshId = via === "session" ? uuidv7() : null;
  await ctx.db.$transaction([
    ctx.db.user.update({ where: { id: userId }, data: { passwordHash } }),
    ctx.db.boardSession.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } }),
    ...(freshId ? [ctx.db.boardSession.create({ data: { id: freshId, userId, expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SEC * 1000) } })] : []),
  ]);
  return freshId;
}
