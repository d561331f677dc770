// Reading agents: by id or urlKey inside the caller's companies, the chain of command, the DTO.
import type { Agent, Prisma } from "@/lib/generated/prisma/client";
import { authorize, companyScope, type Permission } from "@/lib/auth/permissions";
import { AppError, invalidReference, notFound } from "@/lib/http/errors";
import { agentDto, type ChainItem } from "@/lib/dto/agents";
import { isUuid } from "@/lib/schemas/common";
import type { ServiceContext, Tx } from "@/lib/services/context";
import { sql, type Db } from "@/lib/db/client";
import { agentsSpendCents, isoDay, monthStartUtc, nextMonthStartUtc } from "@/lib/services/spend";

export async function getAgentOrThrow(ctx: ServiceContext, ref: string, permission: Permission, db: Db | Tx = ctx.db): Promise<Agent> {
  const key: Prisma.AgentWhereInput = isUuid(ref) ? { id: ref } : { urlKey: ref.toLowerCase() };
  const rows = await db.agent.findMany({ where: { ...key, ...companyScope(ctx.actor) }, take: 2 });
  if (rows.length === 0) throw notFound("Agent");
  if (rows.length > 1) throw new AppError("conflict", `Several of your companies have an agent '${ref}': use its id`);
  authorize(ctx.actor, permission, rows[0].companyId);
  return rows[0];
}

/** A body field naming an agent (owner, lead) must name a live agent of the company: else 422. */
export async function assertCompanyAgent(db: Db | Tx, companyId: string, agentId: string | null | undefined, path: string): Promise<void> {
  if (agentId === null || agentId === undefined) return;
  const agent = await db.agent.findFirst({ where: { id: agentId, companyId, status: { not: "terminated" } }, select: { id: true } });
  if (!agent) throw invalidReference(path, "Agent");
}

/** Managers from the direct one upward (cycle-safe: reportsTo never forms a cycle, and depth is capped). */
export async function chainOfCommand(db: Db | Tx, agent: Pick<Agent, "companyId" | "reportsToId">): Promise<ChainItem[]> {
  if (!agent.reportsToId) return [];
  return db.$queryRaw<ChainItem[]>`
    WITH RECURSIVE chain AS (
      SELECT id, name, role::text AS role, title, "reportsToId", 1 AS depth
        FROM "Agent" WHERE "companyId" = ${agent.companyId}::uuid AND id = ${agent.reportsToId}::uuid
      UNION ALL
      SELECT a.id, a.name, a.role::text, a.title, a."reportsToId", c.depth + 1
        FROM "Agent" a JOIN chain c ON a.id = c."reportsToId"
       WHERE a."companyId" = ${agent.companyId}::uuid AND c.depth < 64
    )
    SELECT id::text AS id, name, role, title FROM chain ORDER BY depth`;
}

export async function agentWithChain(db: Db | Tx, agent: Agent) {
  const [spend, chain] = await Promise.all([agentsSpendCents(db, agent.companyId, [agent.id]), chainOfCommand(db, agent)]);
  return agentDto(agent, spend.get(agent.id) ?? 0, chain);
}

export async function agentDtos(db: Db | Tx, companyId: string, agents: Agent[]) {
  const spend = await agentsSpendCents(db, companyId, agents.map((a) => a.id));
  return agents.map((a) => agentDto(a, spend.get(a.id) ?? 0));
}

type AgentWithExtras = Agent & { spent: number; chain: ChainItem[] };

/**
 * The agent, its month-to-date spend and its chain of command in one round trip: this serves
 * GET /api/agents/me, which every agent calls at the start of every heartbeat.
 */
export async function agentIdentity(companyId: string, agentId: string) {
  const { rows } = await sql().query<AgentWithExtras>({
    name: "agent-identity",
    text: `WITH RECURSIVE chain AS (
       SELECT m.id, m.name, m.role::text AS role, m.title, m."reportsToId", 1 AS depth
         FROM "Agent" s JOIN "Agent" m ON m.id = s."reportsToId" AND m."companyId" = s."companyId"
        WHERE s.id = $1 AND s."companyId" = $2
       UNION ALL
       SELECT a.id, a.name, a.role::text, a.title, a."reportsToId", c.depth + 1
         FROM "Agent" a JOIN chain c ON a.id = c."reportsToId"
        WHERE a."companyId" = $2 AND c.depth < 64
     )
     SELECT a.*,
            (SELECT coalesce(sum(r."costCents"), 0)::int FROM "CostRollup" r
              WHERE r."companyId" = a."companyId" AND r."agentId" = a.id AND r.day >= $3::date AND r.day < $4::date) AS spent,
            (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'role', role, 'title', title) ORDER BY depth), '[]')
               FROM chain) AS chain
       FROM "Agent" a WHERE a.id = $1 AND a."companyId" = $2`,
    values: [agentId, companyId, isoDay(monthStartUtc()), isoDay(nextMonthStartUtc())],
  });
  const row = rows[0];
  if (!row) throw notFound("Agent");
  const { spent, chain, ...agent } = row;
  return agentDto(agent, spent, chain);
}
