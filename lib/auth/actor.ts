// Who is calling: an agent (API key or a run's short-lived key) or a board user (session, board
// token). Resolution reads; it never writes, so authenticating costs one indexed lookup.
import type { AgentRole, MembershipRole } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/db/client";
import { digestToken, tokenKind } from "@/lib/auth/tokens";

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

/** Resolves a bearer token to an actor, or null when it is unknown, revoked, expired or disabled. */
export async function actorFromBearer(db: Db, token: string): Promise<Actor | null> {
  const kind = tokenKind(token);
  if (kind === "agentKey" || kind === "runKey") return agentFromKey(db, digestToken(token));
  if (kind === "boardToken") {
    const row = await db.boardToken.findUnique({
      where: { tokenHash: digestToken(token) },
      select: { userId: true, revokedAt: true, expiresAt: true },
    });
    if (!row || row.revokedAt || (row.expiresAt && row.expiresAt <= new Date())) return null;
    return boardActorForUser(db, row.userId, "token");
  }
  return null;
}

async function agentFromKey(db: Db, tokenHash: string): Promise<AgentActor | null> {
  const key = await db.agentKey.findUnique({
    where: { tokenHash },
    select: {
      id: true, revokedAt: true, expiresAt: true, runId: true,
      agent: { select: { id: true, companyId: true, role: true, status: true } },
    },
  });
  if (!key || key.revokedAt || (key.expiresAt && key.expiresAt <= new Date())) return null;
  // Keys of a terminated or not-yet-approved agent do not authenticate (DESIGN §3).
  if (key.agent.status === "terminated" || key.agent.status === "pending_approval") return null;
  return {
    kind: "agent", agentId: key.agent.id, companyId: key.agent.companyId, role: key.agent.role,
    keyId: key.id, runId: key.runId,
  };
}

export async function boardActorForUser(db: Db, userId: string, via: BoardActor["via"]): Promise<BoardActor | null> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, name: true, isInstanceAdmin: true, memberships: { select: { companyId: true, role: true } } },
  });
  if (!user) return null;
  return {
    kind: "board", userId: user.id, email: user.email, name: user.name, isInstanceAdmin: user.isInstanceAdmin,
    roles: Object.fromEntries(user.memberships.map((m) => [m.companyId, m.role])),
    via,
  };
}
