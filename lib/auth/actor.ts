// Who is calling: an agent (API key or a run's short-lived key) or a board user (session, board
// token). Resolution reads; it never waits on a write, so authenticating costs one indexed lookup (a
// run key's call also touches its run's activity, throttled and not awaited).
import type { AgentRole, MembershipRole } from "@/lib/generated/prisma/client";
import { sql } from "@/lib/db/client";
import { boardSessionLive } from "@/lib/auth/board-sessions";
import type { SessionClaims } from "@/lib/auth/session";
import { digestToken, tokenKind } from "@/lib/auth/tokens";
import { userForAccessToken } from "@/lib/oauth/store";
import { touchRunActivity } from "@/lib/services/liveness/remedies/run-activity";

export interface AgentActor {
  kind: "agent";
  agentId: string;
  companyId: string;
  role: AgentRole;
  keyId: string;
  runId: string | null;
}

export interface BoardActor {
  kind: "board";
  userId: string;
  email: string;
  name: string;
  isInstanceAdmin: boolean;
  /** companyId → role, for every company the user belongs to */
  roles: Record<string, MembershipRole>;
  via: "session" | "token" | "oauth" | "cli";
}

export type Actor = AgentActor | BoardActor;

/**
 * Charter itself, for the command line (`npx charter company …`): board rules as an instance admin,
 * recorded as the system. Its userId names no user, so nothing may store it as one (boardUserId).
 */
export function instanceActor(): BoardActor {
  return { kind: "board", userId: "00000000-0000-0000-0000-000000000000", email: "", name: "Charter", isInstanceAdmin: true, roles: {}, via: "cli" };
}

export const isInstanceActor = (actor: Actor | null): boolean => actor?.kind === "board" && actor.via === "cli";

/** The board user behind a write (createdByUserId and the like): null for agents and for the instance itself. */
export const boardUserId = (actor: Actor | null): string | null => (actor?.kind === "board" && actor.via !== "cli" ? actor.userId : null);

/** Resolves a bearer token to an actor, or null when it is unknown, revoked, expired or disabled. */
export async function actorFromBearer(token: string): Promise<Actor | null> {
  const kind = tokenKind(token);
  if (kind === "agentKey" || kind === "runKey") return agentFromKey(digestToken(token));
  if (kind === "boardToken") return boardUserWhere("board-token-user", `JOIN "BoardToken" t ON t."userId" = u.id
      WHERE t."tokenHash" = $1 AND t."revokedAt" IS NULL AND (t."expiresAt" IS NULL OR t."expiresAt" > now())`, digestToken(token), "token");
  if (kind === "oauthAccess") {
    // the board user who authorized, or the instance admin for client credentials (docs/design.md §9)
    const user = await userForAccessToken(token);
    if (!user) return null;
    const { id: userId, email, name, isInstanceAdmin, roles } = user;
    return { kind: "board", userId, email, name, isInstanceAdmin, roles: roles as BoardActor["roles"], via: "oauth" };
  }
  return null;
}

interface KeyRow {
  keyId: string;
  runId: string | null;
  agentId: string;
  companyId: string;
  role: AgentRole;
}

/**
 * When an agent key authenticates (docs/design.md §3), as SQL over the key `k` and its agent `a`: not revoked,
 * not expired, and its agent neither terminated nor awaiting approval. Every statement that
 * authenticates an agent uses this clause.
 */
export const agentKeyAuthenticates =
  `k."revokedAt" IS NULL AND (k."expiresAt" IS NULL OR k."expiresAt" > now()) AND a.status NOT IN ('terminated', 'pending_approval')`;

// Every agent request authenticates here: one indexed lookup in hand-written SQL (lib/db sql()).
async function agentFromKey(tokenHash: string): Promise<AgentActor | null> {
  // a named (server-side prepared) statement: parsed and planned once per connection
  const { rows } = await sql().query<KeyRow>({
    name: "auth-agent-key",
    text: `SELECT k.id AS "keyId", k."runId", a.id AS "agentId", a."companyId", a.role::text AS role
             FROM "AgentKey" k JOIN "Agent" a ON a.id = k."agentId" AND a."companyId" = k."companyId"
            WHERE k."tokenHash" = $1 AND ${agentKeyAuthenticates}`,
    values: [tokenHash],
  });
  const row = rows[0];
  if (!row) return null;
  if (row.runId) touchRunActivity(row.runId);
  return { kind: "agent", agentId: row.agentId, companyId: row.companyId, role: row.role, keyId: row.keyId, runId: row.runId };
}

interface UserRow {
  id: string;
  email: string;
  name: string;
  isInstanceAdmin: boolean;
  roles: Record<string, MembershipRole>;
}

/** A board user and every membership, in one prepared statement; `where` selects the user `u` by $1. */
async function boardUserWhere(name: string, where: string, value: string, via: BoardActor["via"]): Promise<BoardActor | null> {
  const { rows } = await sql().query<UserRow>({
    name,
    text: `SELECT u.id, u.email, u.name, u."isInstanceAdmin",
                  COALESCE((SELECT json_object_agg(m."companyId", m.role) FROM "Membership" m WHERE m."userId" = u.id), '{}'::json) AS roles
             FROM "User" u ${where}`,
    values: [value],
  });
  const user = rows[0];
  if (!user) return null;
  return { kind: "board", userId: user.id, email: user.email, name: user.name, isInstanceAdmin: user.isInstanceAdmin, roles: user.roles, via };
}

/**
 * The board user of a session cookie's claims, in the same one statement that checks the session's
 * BoardSession row (live: not revoked, not expired) and that it belongs to that user.
 */
export async function boardActorForSession(claims: SessionClaims): Promise<BoardActor | null> {
  const actor = await boardUserWhere("board-session-user", `JOIN "BoardSession" s ON s."userId" = u.id WHERE s.id = $1::uuid AND ${boardSessionLive}`, claims.sessionId, "session");
  return actor?.userId === claims.userId ? actor : null;
}
