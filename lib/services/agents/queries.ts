// Reading agents: by id or urlKey inside the caller's companies, the chain of command, the DTO.
import type { Agent, Prisma } from "@/lib/generated/prisma/client";
import { authorize, companyScope, type Permission } from "@/lib/auth/permissions";
import { AppError, invalidReference, notFound } from "@/lib/http/errors";
import { agentDto, type ChainItem } from "@/lib/dto/agents";
import { isUuid } from "@/lib/schemas/common";
import type { ServiceContext, Tx } from "@/lib/services/context";
import { sql, type Db } from "@/lib/db/client";
import { agentKeyAuthenticates } from "@/lib/auth/actor";
import { agentsSpendCents, atWarning, monthDays } from "@/lib/services/spend";
import { budgetPauseScope, isBudgetPaused } from "@/lib/services/budgets";
import { agentsReadiness, lastFailedWakeSql, readinessOf } from "@/lib/services/agents/readiness";

/** The agent by id or urlKey, among the caller's companies or only in `inCompany` when given. */
export async function getAgentOrThrow(ctx: ServiceContext, ref: string, permission: Permission, db: Db | Tx = ctx.db, inCompany?: string): Promise<Agent> {
  const key: Prisma.AgentWhereInput = isUuid(ref) ? { id: ref } : { urlKey: ref.toLowerCase() };
  const rows = await db.agent.findMany({ where: { ...key, ...companyScope(ctx.actor, inCompany) }, take: 2 });
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
  const [spend, chain, readiness, budgetPause] = await Promise.all([
    agentsSpendCents(db, agent.companyId, [agent.id]), chainOfCommand(db, agent), agentsReadiness(db, agent.companyId, [agent]),
    isBudgetPaused(agent) ? budgetPauseScope((text, values) => db.$queryRawUnsafe(text, ...values), agent) : undefined,
  ]);
  return agentDto(agent, spend.get(agent.id) ?? 0, readiness.get(agent.id)!, chain, budgetPause);
}

export async function agentDtos(db: Db | Tx, companyId: string, agents: Agent[]) {
  const [spend, readiness] = await Promise.all([agentsSpendCents(db, companyId, agents.map((a) => a.id)), agentsReadiness(db, companyId, agents)]);
  return agents.map((a) => agentDto(a, spend.get(a.id) ?? 0, readiness.get(a.id)!));
}

type AgentWithExtras = Agent & { spent: number; chain: ChainItem[]; companyBudget: number; companySpent: number; lastFailedWake: string | null };

/**
 * The agent named by the `target` CTE (one row: id, companyId), its month-to-date spend and its
 * chain of command, in one statement. $1 and $2 are the month's first day and the next month's (the
 * spend comes from the daily rollup); the target's own values follow.
 */
const identitySql = (target: string) => `WITH RECURSIVE target AS (${target}),
     chain AS (
       SELECT m.id, m.name, m.role::text AS role, m.title, m."reportsToId", 1 AS depth
         FROM target t JOIN "Agent" s ON s.id = t.id AND s."companyId" = t."companyId"
         JOIN "Agent" m ON m.id = s."reportsToId" AND m."companyId" = s."companyId"
       UNION ALL
       SELECT a.id, a.name, a.role::text, a.title, a."reportsToId", c.depth + 1
         FROM "Agent" a JOIN chain c ON a.id = c."reportsToId"
        WHERE a."companyId" = (SELECT "companyId" FROM target) AND c.depth < 64
     )
     SELECT a.*,
            (SELECT cents FROM charter_agent_month_spend(a."companyId", a.id, $1::date, $2::date)) AS spent,
            (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'role', role, 'title', title) ORDER BY depth), '[]')
               FROM chain) AS chain,
            c."budgetMonthlyCents"::float8 AS "companyBudget",
            -- the company's month only when it has a budget (docs/design.md §7: its 80% warns every agent)
            CASE WHEN c."budgetMonthlyCents" > 0 THEN (SELECT cents FROM charter_company_month_spend(a."companyId", $1::date, $2::date)) ELSE 0 END AS "companySpent",
            CASE WHEN a."adapterType" = 'http' THEN ${lastFailedWakeSql("a.id", 'a."companyId"')} END AS "lastFailedWake"
       FROM target t JOIN "Agent" a ON a.id = t.id AND a."companyId" = t."companyId"
       JOIN "Company" c ON c.id = a."companyId"`;

/** /api/agents/me: budgetWarning is on at 80% of the agent's budget or of its company's (docs/design.md §7). */
async function identityDto(row: AgentWithExtras | undefined) {
  if (!row) return null;
  const { spent, chain, companyBudget, companySpent, lastFailedWake, ...agent } = row;
  const dto = agentDto(agent, spent, await readinessOf(agent, lastFailedWake), chain);
  return { ...dto, budgetWarning: dto.budgetWarning || atWarning(companySpent, companyBudget) };
}

/** GET /api/agents/me of an agent already authenticated. */
export async function agentIdentity(companyId: string, agentId: string) {
  const { rows } = await sql().query<AgentWithExtras>({
    name: "agent-identity",
    text: identitySql(`SELECT $3::uuid AS id, $4::uuid AS "companyId"`),
    values: [...monthDays(), agentId, companyId],
  });
  const dto = await identityDto(rows[0]);
  if (!dto) throw notFound("Agent");
  return dto;
}

/**
 * GET /api/agents/me, which every agent calls at the start of every heartbeat, in one round trip:
 * the key is checked (the same rule as every agent request) and the identity read in one statement.
 * Null when the key does not authenticate.
 */
export async function agentIdentityByKey(tokenHash: string) {
  const { rows } = await sql().query<AgentWithExtras>({
    name: "agent-identity-by-key",
    text: identitySql(`SELECT a.id, a."companyId" FROM "AgentKey" k JOIN "Agent" a ON a.id = k."agentId" AND a."companyId" = k."companyId"
                        WHERE k."tokenHash" = $3 AND ${agentKeyAuthenticates}`),
    values: [...monthDays(), tokenHash],
  });
  return identityDto(rows[0]);
}
