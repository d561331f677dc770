// Server-side records of board sign-ins (BoardSession). The session cookie (a next-auth JWT) carries
// the row's id as `sid`; every cookie lookup joins the row, so signing out or changing the password
// (which revoke rows) ends a session even for a copy of its cookie.
import { sql } from "@/lib/db/client";
import { uuidv7 } from "@/lib/ids";

/** How long a session lasts from sign-in (the cookie's sliding expiry never outlasts this row). */
export const SESSION_MAX_AGE_SEC = 30 * 24 * 3600;

/**
 * When a session row lets its cookie in, as SQL over the row `s`: not revoked, not expired. Every
 * statement that authenticates a session cookie uses this clause.
 */
export const boardSessionLive = `s."revokedAt" IS NULL AND s."expiresAt" > now()`;

export async function startBoardSession(userId: string): Promise<string> {
  const id = uuidv7();
  await sql().query({
    name: "board-session-start",
    text: `INSERT INTO "BoardSession" (id, "userId", "expiresAt") VALUES ($1, $2, now() + make_interval(secs => $3))`,
    values: [id, userId, SESSION_MAX_AGE_SEC],
  });
  return id;
}

export async function revokeBoardSession(sessionId: string): Promise<void> {
  await sql().query({
    name: "board-session-revoke",
    text: `UPDATE "BoardSession" SET "revokedAt" = now() WHERE id = $1 AND "revokedAt" IS NULL`,
    values: [sessionId],
  });
}
