// Budget enforcement (docs/design.md §7): at 100% of its monthly budget an agent is paused with
// pauseReason budget, and at the company's 100% every working agent of the company is; at 80% a
// warning is logged once, when spend crosses the line. Budget pauses lift themselves when the
// budget is raised or a new UTC month begins. All of it is SQL on a SqlExec, so it runs inside any
// caller's transaction: a Prisma one (prismaExec) or a pg one (sqlTx), e.g. a run adapter's.
import { sqlTx } from "@/lib/db/client";
import type { SqlExec } from "@/lib/db/sql-exec";
import type { Actor } from "@/lib/auth/actor";
import { uuidv7 } from "@/lib/ids";
import { actorRef, insertActivitySql } from "@/lib/services/activity";
import { atLimit, atWarning, monthDays } from "@/lib/services/spend";
import { emitEventSql } from "@/lib/services/outbox/emit";

/** Statuses from which a budget pause applies; board pauses, pending and terminated agents stay as they are. */
const workingStatuses = ["idle", "running", "error"];

export interface BudgetState {
  agentSpentCents: number;
  agentBudgetCents: number;
  /** 0 when the company has no budget (it is not summed then) */
  companySpentCents: number;
  companyBudgetCents: number;
}

export interface BudgetEffects {
  state: BudgetState | null;
  /** the agent or its company is now at 80% or more of its budget */
  warning: boolean;
  /** this event crossed the agent's 80% line */
  agentWarning: boolean;
  /** this event crossed the company's 80% line */
  companyWarning: boolean;
  /** ids of the agents this call paused */
  pausedAgentIds: string[];
}

/** Reads the budget state columns of the statement recording a cost event (recordCostEvent). */
export function budgetStateOf(r: Record<string, unknown>): BudgetState | null {
  if (r.agentBudgetCents === null || r.agentBudgetCents === undefined) return null;
  return {
    agentSpentCents: Number(r.agentSpentCents), agentBudgetCents: Number(r.agentBudgetCents),
    companySpentCents: Number(r.companySpentCents), companyBudgetCents: Number(r.companyBudgetCents),
  };
}

const logActivitySql = insertActivitySql(
  { id: "ids.id", companyId: "$2", actorType: "$3", actorId: "$4", action: "$5", entityType: "$6", entityId: 'ids."entityId"', details: "$7" },
  `unnest($1::uuid[], $8::text[]) AS ids(id, "entityId")`,
);

async function logActivity(exec: SqlExec, actor: Actor | null, companyId: string, action: string, entityType: string, entityIds: string[], details: object) {
  if (entityIds.length === 0) return;
  const { actorType, actorId } = actorRef(actor);
  await exec(
    logActivitySql,
    [entityIds.map(() => uuidv7()), companyId, actorType, actorId, action, entityType, JSON.stringify(details), entityIds],
  );
}

/** Pauses the named working agents (all of the company's when agentId is null) for budget. */
async function pauseForBudget(exec: SqlExec, actor: Actor | null, companyId: string, agentId: string | null, scope: "agent" | "company") {
  const rows = await exec(
    `UPDATE "Agent" SET status = 'paused', "pauseReason" = 'budget', "updatedAt" = now()
      WHERE "companyId" = $1::uuid AND ($2::uuid IS NULL OR id = $2::uuid) AND status::text = ANY($3::text[])
      RETURNING id::text, name`,
    [companyId, agentId, workingStatuses],
  );
  const ids = rows.map((r) => String(r.id));
  await logActivity(exec, actor, companyId, "agent.paused", "agent", ids, { reason: "budget", scope });
  for (const r of rows) {
    const id = String(r.id);
    await emitEventSql(exec, actor, { companyId, type: "agent.paused", subject: { type: "agent", id }, data: { agentId: id, name: String(r.name), reason: "budget" } });
  }
  return ids;
}

/** budget.warning or budget.exceeded for the agent's (agentId) or the company's (null) monthly budget. */
async function emitBudget(exec: SqlExec, type: "budget.warning" | "budget.exceeded", companyId: string, agentId: string | null, spentCents: number, budgetCents: number) {
  const subject = agentId ? { type: "agent", id: agentId } : { type: "company", id: companyId };
  await emitEventSql(exec, null, {
    companyId, type, subject,
    data: { scope: agentId ? "agent" : "company", agentId, budgetCents, spentCents, month: monthDays()[0].slice(0, 7) },
  });
}

/**
 * After a cost event of `agentId` worth `costCents` (counted in the current month when `inMonth`):
 * logs the 80% crossings and pauses what reached 100%, as Charter (the rule acts, not the
 * reporter). The state comes from the statement that recorded the event, which holds the agent's and
 * the company's budget locks until the caller's transaction commits: events are decided one at a time.
 */
export async function enforceBudgets(exec: SqlExec, input: { companyId: string; agentId: string; costCents: number; inMonth: boolean }, s: BudgetState | null): Promise<BudgetEffects> {
  const effects: BudgetEffects = { state: s, warning: false, agentWarning: false, companyWarning: false, pausedAgentIds: [] };
  if (!s) return effects;
  effects.warning = atWarning(s.agentSpentCents, s.agentBudgetCents) || atWarning(s.companySpentCents, s.companyBudgetCents);
  const added = input.inMonth ? input.costCents : 0;
  const crossed = (spent: number, budget: number) => atWarning(spent, budget) && !atWarning(spent - added, budget);
  effects.agentWarning = crossed(s.agentSpentCents, s.agentBudgetCents);
  effects.companyWarning = crossed(s.companySpentCents, s.companyBudgetCents);
  if (effects.agentWarning) {
    await logActivity(exec, null, input.companyId, "agent.budget_warning", "agent", [input.agentId], { spentMonthlyCents: s.agentSpentCents, budgetMonthlyCents: s.agentBudgetCents });
    await emitBudget(exec, "budget.warning", input.companyId, input.agentId, s.agentSpentCents, s.agentBudgetCents);
  }
  if (effects.companyWarning) {
    await logActivity(exec, null, input.companyId, "company.budget_warning", "company", [input.companyId], { spentMonthlyCents: s.companySpentCents, budgetMonthlyCents: s.companyBudgetCents });
    await emitBudget(exec, "budget.warning", input.companyId, null, s.companySpentCents, s.companyBudgetCents);
  }
  // exceeded once: when this event's spend reached the line (the one before it was under)
  const reached = (spent: number, budget: number) => atLimit(spent, budget) && !atLimit(spent - added, budget);
  if (reached(s.agentSpentCents, s.agentBudgetCents)) await emitBudget(exec, "budget.exceeded", input.companyId, input.agentId, s.agentSpentCents, s.agentBudgetCents);
  if (reached(s.companySpentCents, s.companyBudgetCents)) await emitBudget(exec, "budget.exceeded", input.companyId, null, s.companySpentCents, s.companyBudgetCents);
  if (atLimit(s.companySpentCents, s.companyBudgetCents)) {
    effects.pausedAgentIds = await pauseForBudget(exec, null, input.companyId, null, "company");
  } else if (atLimit(s.agentSpentCents, s.agentBudgetCents)) {
    effects.pausedAgentIds = await pauseForBudget(exec, null, input.companyId, input.agentId, "agent");
  }
  return effects;
}

/**
 * Brings a company's budget pauses in line with its budgets now: agents paused for budget whose
 * own and company spend are both under budget resume (the budget was raised, or a new month
 * began), and working agents at a limit are paused (the budget was lowered). Under the budget locks
 * (lockBudgets): the spend it reads includes every event decided before it. Returns the ids resumed.
 */
/**
 * The locks cost events take (charter_budget_lock), for a change of budgets: held until the caller's
 * transaction commits, so every event is decided either before the change (and its spend is seen by
 * settleBudgets) or after it (with the new budgets). A caller that changes a budget row takes them
 * before its UPDATE: an event holding a lock may be about to pause that row. `agentId`: the agent
 * whose budget changes (locked even while it has none).
 */
export async function lockBudgets(exec: SqlExec, companyId: string, agentId: string | null = null): Promise<void> {
  await exec(`SELECT charter_budget_lock_company($1::uuid, $2::uuid)::text`, [companyId, agentId]);
}

export async function settleBudgets(exec: SqlExec, actor: Actor | null, companyId: string, now = new Date()): Promise<{ resumed: string[]; paused: string[] }> {
  await lockBudgets(exec, companyId);
  const rows = await exec(
    `SELECT a.id::text AS id, a.status::text AS status, a."pauseReason"::text AS "pauseReason", a."budgetMonthlyCents" AS "agentBudget",
            c."budgetMonthlyCents" AS "companyBudget",
            (SELECT cents FROM charter_agent_month_spend(a."companyId", a.id, $2::date, $3::date)) AS "agentSpent",
            (SELECT cents FROM charter_company_month_spend(c.id, $2::date, $3::date)) AS "companySpent"
       FROM "Agent" a JOIN "Company" c ON c.id = a."companyId"
      WHERE a."companyId" = $1::uuid AND (a."budgetMonthlyCents" > 0 OR c."budgetMonthlyCents" > 0 OR a."pauseReason" = 'budget')
        AND a.status::text = ANY($4::text[])`,
    [companyId, ...monthDays(now), [...workingStatuses, "paused"]],
  );
  const companyOver = (r: Record<string, unknown>) => atLimit(Number(r.companySpent), Number(r.companyBudget));
  const over = (r: Record<string, unknown>) => atLimit(Number(r.agentSpent), Number(r.agentBudget)) || companyOver(r);
  const toResume = rows.filter((r) => r.status === "paused" && r.pauseReason === "budget" && !over(r)).map((r) => String(r.id));
  const toPause = rows.filter((r) => workingStatuses.includes(String(r.status)) && over(r));
  let resumed: string[] = [];
  if (toResume.length) {
    const done = await exec(
      `UPDATE "Agent" SET status = 'idle', "pauseReason" = NULL, "updatedAt" = now()
        WHERE "companyId" = $1::uuid AND id = ANY($2::uuid[]) AND status = 'paused' AND "pauseReason" = 'budget'
        RETURNING id::text`,
      [companyId, toResume],
    );
    resumed = done.map((r) => String(r.id));
    await logActivity(exec, actor, companyId, "agent.resumed", "agent", resumed, { reason: "budget" });
  }
  let paused: string[] = [];
  for (const r of toPause) paused = paused.concat(await pauseForBudget(exec, actor, companyId, String(r.id), companyOver(r) ? "company" : "agent"));
  return { resumed, paused };
}

/**
 * Whose budget paused the agent: the scope its latest agent.paused row recorded (the company's wins
 * when both are spent, as in enforceBudgets). The inbox statement reads the same column.
 */
export const budgetPauseScopeSql = (companyId: string, agentId: string) => `(SELECT l.details->>'scope' FROM "ActivityLog" l
  WHERE l."companyId" = ${companyId} AND l."entityType" = 'agent' AND l."entityId" = ${agentId}::text AND l.action = 'agent.paused'
  ORDER BY l.id DESC LIMIT 1)`;

export async function budgetPauseScope(exec: SqlExec, agent: { companyId: string; id: string }): Promise<"agent" | "company"> {
  const [row] = await exec(`SELECT ${budgetPauseScopeSql("$1::uuid", "$2::uuid")} AS scope`, [agent.companyId, agent.id]);
  return row?.scope === "company" ? "company" : "agent";
}

export const isBudgetPaused = (a: { status: string; pauseReason: string | null }) => a.status === "paused" && a.pauseReason === "budget";

/**
 * A budget pause outlives its cause when a new month begins (spend is derived, so nothing runs at
 * midnight): readers that meet a budget-paused agent settle the company first, then read again.
 */
export async function liftStaleBudgetPause(companyId: string): Promise<string[]> {
  const { resumed } = await sqlTx((exec) => settleBudgets(exec, null, companyId));
  return resumed;
}
