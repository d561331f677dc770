// Cost events (docs/design.md §7): an append-only ledger of spend. Each event is one statement that checks
// the references, inserts the event, folds it into CostRollup and reads the budget state after it,
// then the budget rules act on that state (a write only at a crossing); all on a
// SqlExec so the runtime can record a run's cost inside its own transaction. recordCostEvent is
// the only writer of CostEvent: the rollup is right only if every event passes through it.
import type pg from "pg";
import { sql, sqlTx, statementName } from "@/lib/db/client";
import type { SqlExec } from "@/lib/db/sql-exec";
import { currentFence } from "@/lib/db/write-fence";
import { AppError, forbidden, invalidReference } from "@/lib/http/errors";
import { uuidv7 } from "@/lib/ids";
import { keysetPage, type ListQuery } from "@/lib/http/pagination";
import type { CreateCostEventInput } from "@/lib/schemas/costs";
import type { ServiceContext } from "@/lib/services/context";
import { companyIdOrThrow, getCompanyOrThrow } from "@/lib/services/company-scope";
import { budgetStateOf, enforceBudgets, type BudgetEffects } from "@/lib/services/budgets";
import { monthDays, monthStartUtc, nextMonthStartUtc } from "@/lib/services/spend";

export interface CostEventInput {
  companyId: string;
  agentId: string;
  issueId?: string | null;
  projectId?: string | null;
  runId?: string | null;
  provider: string;
  model: string;
  inputTokens?: number;
  outputTokens?: number;
  costCents: number;
  /** priced by Charter from its table of model prices, not reported by the CLI */
  estimated?: boolean;
  occurredAt?: Date;
}

export interface CostEventRow {
  id: string;
  companyId: string;
  agentId: string;
  issueId: string | null;
  projectId: string | null;
  runId: string | null;
  provider: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  costCents: number;
  estimated: boolean;
  occurredAt: Date | string;
  createdAt: Date | string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export function costEventDto(row: CostEventRow) {
  return {
    id: row.id, companyId: row.companyId, agentId: row.agentId, issueId: row.issueId, projectId: row.projectId,
    runId: row.runId, provider: row.provider, model: row.model, inputTokens: Number(row.inputTokens),
    outputTokens: Number(row.outputTokens), costCents: Number(row.costCents), estimated: row.estimated === true, occurredAt: iso(row.occurredAt), createdAt: iso(row.createdAt),
  };
}

/** CostRollup's projectId for events without a project (a key column cannot be NULL). */
export const NO_PROJECT = "00000000-0000-0000-0000-000000000000";

/** Events may be reported late, but not ahead of the clock (a little skew is tolerated). */
const MAX_FUTURE_MS = 5 * 60_000;

type RecordedCost = { event: ReturnType<typeof costEventDto>; budget: BudgetEffects };

/**
 * The statement recording one event; `guarded`: it aborts (CB001) when a budget reaches 80%.
 * `lk` runs before the insert. For an agent or company with a budget it is charter_budget_lock (a
 * migration), which serialises the event with the agent's and the company's other events
 * (transaction-level advisory locks, held until this statement's or the caller's transaction
 * commits) and sums their month with a fresh snapshot; without a budget, the same sum inline. Either
 * leaves out this event's rollup row, whose value comes from the upsert's RETURNING. So whatever the
 * projects and whichever instance writes, each event sees every event before it, and exactly one
 * crosses each line.
 */
/**
 * Whether enforceBudgets would act on this spend: the event crossed the 80% line (atWarning now, not
 * without the event's in-month cents) or the budget is used up (atLimit), in the same float8
 * arithmetic as lib/services/spend.ts (budgets are int4: multiplied as such, a budget past
 * 2^31 / 80 cents would overflow). $11 is the event's cents, $12 its time, $14/$15 the month.
 */
function ruleActs(spent: string, budget: string): string {
  const day = `($12::timestamptz AT TIME ZONE 'UTC')::date`;
  const added = `CASE WHEN ${day} >= $14::date AND ${day} < $15::date THEN $11::float8 ELSE 0 END`;
  return `(${budget} > 0 AND ((${spent} * 100 >= ${budget}::float8 * 80 AND (${spent} - ${added}) * 100 < ${budget}::float8 * 80)
                             OR ${spent} >= ${budget}::float8))`;
}

// The event's other sums, in the same statement: per day, agent and model (the report by model), the
// issue's total and the run's (saturating: a run's column is int4, its events' sum need not be).
const foldSql = `mroll AS (
       INSERT INTO "CostModelRollup" ("companyId", day, "agentId", provider, model, "costCents", "inputTokens", "outputTokens", "eventCount")
       SELECT "companyId", ("occurredAt" AT TIME ZONE 'UTC')::date, "agentId", provider, model, "costCents", "inputTokens", "outputTokens", 1 FROM ins
       ON CONFLICT ("companyId", day, "agentId", provider, model) DO UPDATE SET
         "costCents" = "CostModelRollup"."costCents" + EXCLUDED."costCents",
         "inputTokens" = "CostModelRollup"."inputTokens" + EXCLUDED."inputTokens",
         "outputTokens" = "CostModelRollup"."outputTokens" + EXCLUDED."outputTokens",
         "eventCount" = "CostModelRollup"."eventCount" + 1
     ), icost AS (
       INSERT INTO "IssueCost" ("issueId", "companyId", "costCents", "eventCount")
       SELECT "issueId", "companyId", "costCents", 1 FROM ins WHERE "issueId" IS NOT NULL
       ON CONFLICT ("issueId") DO UPDATE SET "costCents" = "IssueCost"."costCents" + EXCLUDED."costCents", "eventCount" = "IssueCost"."eventCount" + 1
     ), rcost AS (
       UPDATE "HeartbeatRun" r SET "costCents" = least(r."costCents"::bigint + ins."costCents", 2147483647)
         FROM ins WHERE r.id = ins."runId" AND r."companyId" = ins."companyId"
     )`;

function recordSql(guarded: boolean): string {
  const day = `($12::timestamptz AT TIME ZONE 'UTC')::date`;
  const fresh = `coalesce(CASE WHEN roll.day >= $14::date AND roll.day < $15::date THEN roll."costCents" END, 0)`;
  const recorded = `SELECT ref."agentOk", ref."issueOk", ref."projectOk", to_jsonb(ins.*) AS event, lk.locked,
       lk."agentBudgetCents", lk."companyBudgetCents", (lk."agentOtherCents" + ${fresh})::float8 AS "agentSpentCents",
       -- the company's month is summed only when it has a budget to hold it against (0: no limit)
       CASE WHEN lk."companyBudgetCents" > 0 THEN (lk."companyOtherCents" + ${fresh})::float8 ELSE 0 END AS "companySpentCents"
       FROM ref LEFT JOIN st ON true LEFT JOIN lk ON true LEFT JOIN ins ON true LEFT JOIN roll ON true`;
  return `WITH iss AS (
       -- an event of a run that names no issue is for the issue the run was woken for
       SELECT coalesce($4::uuid, (SELECT i.id FROM "HeartbeatRun" r JOIN "Issue" i ON i.id = r."issueId" AND i."companyId" = r."companyId"
                                   WHERE r.id = $6::uuid AND r."companyId" = $2::uuid)) AS id
     ), ref AS (
       SELECT EXISTS (SELECT 1 FROM "Agent" WHERE id = $3::uuid AND "companyId" = $2::uuid) AS "agentOk", iss.id AS "issueId",
              (SELECT i."projectId" FROM "Issue" i WHERE i.id = iss.id AND i."companyId" = $2::uuid) AS "issueProjectId",
              (iss.id IS NULL OR EXISTS (SELECT 1 FROM "Issue" WHERE id = iss.id AND "companyId" = $2::uuid)) AS "issueOk",
              ($5::uuid IS NULL OR EXISTS (SELECT 1 FROM "Project" WHERE id = $5::uuid AND "companyId" = $2::uuid)) AS "projectOk"
         FROM iss
     ), st AS MATERIALIZED (
       SELECT a."budgetMonthlyCents" AS "agentBudgetCents", c."budgetMonthlyCents" AS "companyBudgetCents"
         FROM "Agent" a JOIN "Company" c ON c.id = a."companyId" WHERE a.id = $3::uuid AND a."companyId" = $2::uuid
     ), lk AS MATERIALIZED (
       -- the function (its lock, fresh sums and fresh budgets: a budget change may have held the lock) only for a
       -- budget; its arguments name st, so it runs after st's filter
       SELECT b.* FROM ref, st, charter_budget_lock($2::uuid, $3::uuid, $14::date, $15::date, ${day},
                                                    coalesce($5::uuid, ref."issueProjectId", '${NO_PROJECT}'::uuid), ${guarded},
                                                    st."agentBudgetCents", st."companyBudgetCents") b
        WHERE st."agentBudgetCents" > 0 OR st."companyBudgetCents" > 0
       UNION ALL
       SELECT (SELECT cents FROM charter_agent_month_spend($2::uuid, $3::uuid, $14::date, $15::date, ${day}, coalesce($5::uuid, ref."issueProjectId", '${NO_PROJECT}'::uuid))),
              0::float8, false, st."agentBudgetCents", st."companyBudgetCents"
         FROM ref, st WHERE NOT (st."agentBudgetCents" > 0 OR st."companyBudgetCents" > 0)
     ), ins AS (
       INSERT INTO "CostEvent" (id, "companyId", "agentId", "issueId", "projectId", "runId", provider, model, "inputTokens", "outputTokens", "costCents", "occurredAt", "createdAt", estimated)
       SELECT $1::uuid, $2::uuid, $3::uuid, ref."issueId", coalesce($5::uuid, ref."issueProjectId"), $6::uuid, $7, $8, $9, $10, $11, $12::timestamptz, $13::timestamptz, $16::boolean
         FROM ref, lk WHERE ref."agentOk" AND ref."issueOk" AND ref."projectOk"
       RETURNING *
     ), roll AS (
       INSERT INTO "CostRollup" ("companyId", day, "agentId", "projectId", "costCents", "inputTokens", "outputTokens", "eventCount")
       SELECT "companyId", ("occurredAt" AT TIME ZONE 'UTC')::date, "agentId", coalesce("projectId", '${NO_PROJECT}'::uuid), "costCents", "inputTokens", "outputTokens", 1
         FROM ins
       ON CONFLICT ("companyId", day, "agentId", "projectId") DO UPDATE SET
         "costCents" = "CostRollup"."costCents" + EXCLUDED."costCents",
         "inputTokens" = "CostRollup"."inputTokens" + EXCLUDED."inputTokens",
         "outputTokens" = "CostRollup"."outputTokens" + EXCLUDED."outputTokens",
         "eventCount" = "CostRollup"."eventCount" + 1
       RETURNING day, "projectId", "costCents"
     ), ${foldSql}${guarded
    ? `, recorded AS (${recorded})
     SELECT * FROM recorded
      WHERE charter_budget_guard(coalesce(${ruleActs('"agentSpentCents"', '"agentBudgetCents"')} OR ${ruleActs('"companySpentCents"', '"companyBudgetCents"')}, false))`
    : `\n     ${recorded}`}`;
}
const recordInTransaction = recordSql(false);
const recordAlone = recordSql(true);

function recordArgs(input: CostEventInput, now: Date) {
  const occurredAt = input.occurredAt ?? now;
  if (occurredAt.getTime() > now.getTime() + MAX_FUTURE_MS) {
    throw new AppError("validation_error", "The request does not match the expected fields", [{ path: "body.occurredAt", message: "must not be in the future" }]);
  }
  const values = [uuidv7(now.getTime()), input.companyId, input.agentId, input.issueId ?? null, input.projectId ?? null, input.runId ?? null,
    input.provider, input.model, input.inputTokens ?? 0, input.outputTokens ?? 0, input.costCents, occurredAt.toISOString(), now.toISOString(),
    ...monthDays(now), input.estimated ?? false];
  return { values, inMonth: occurredAt >= monthStartUtc(now) && occurredAt < nextMonthStartUtc(now) };
}

async function applyBudgets(exec: SqlExec, input: CostEventInput, r: Record<string, unknown>, inMonth: boolean): Promise<RecordedCost> {
  if (!r.agentOk) throw invalidReference("body.agentId", "Agent");
  if (!r.issueOk) throw invalidReference("body.issueId", "Issue");
  if (!r.projectOk) throw invalidReference("body.projectId", "Project");
  const event = costEventDto(r.event as CostEventRow);
  const budget = await enforceBudgets(exec, { companyId: input.companyId, agentId: input.agentId, costCents: input.costCents, inMonth }, budgetStateOf(r));
  return { event, budget };
}

/**
 * Records one cost event in the caller's transaction and applies the budget rules. The agent must
 * belong to the company (any status: late reports of a terminated agent still count); the issue and
 * project must too (422 invalid_reference). Without a projectId the issue's project is used.
 * Permission checks are the caller's: the runtime records its runs' costs as the system.
 */
export async function recordCostEvent(exec: SqlExec, input: CostEventInput, now = new Date()): Promise<RecordedCost> {
  const { values, inMonth } = recordArgs(input, now);
  const [r] = await exec(recordInTransaction, values);
  return applyBudgets(exec, input, r, inMonth);
}

// When the guard lets an event through no budget rule writes, so this is never called; were the guard and
// enforceBudgets ever to disagree, the rule's writes would still be made (each on its own) rather
// than fail a request whose event is already committed.
const ownStatements = (pool: pg.Pool): SqlExec => async (text, values) => (await pool.query({ name: statementName(text), text, values })).rows;

/**
 * recordCostEvent as one statement on its own (no transaction held open across the event loop), when
 * no budget rule acts on the event (it crosses no 80% line and leaves every budget under 100%); null
 * (nothing written) otherwise, and then the caller records it with recordCostEvent. Events of a
 * budgeted agent or company queue on its budget lock, which this holds only while the statement runs.
 */
async function recordCostEventAlone(pool: pg.Pool, input: CostEventInput, now = new Date()): Promise<RecordedCost | null> {
  const { values, inMonth } = recordArgs(input, now);
  try {
    const { rows } = await pool.query({ name: statementName(recordAlone), text: recordAlone, values });
    // it committed without waiting for its WAL flush (see charter_budget_lock): a synchronous commit
    // flushes the WAL up to and past it before anyone is told
    if (rows[0].locked) await pool.query("SELECT pg_current_xact_id()::text");
    return await applyBudgets(ownStatements(pool), input, rows[0], inMonth);
  } catch (e) {
    if ((e as { code?: string }).code === "CB001") return null;
    throw e;
  }
}

/**
 * A reported event (the caller checked who may report it): one statement when it stays under 80% of
 * every budget, else a transaction that applies the budget rules. `pool`: the app's, or another
 * instance's in tests.
 */
export async function recordReportedCost(event: CostEventInput, pool: pg.Pool = sql()): Promise<RecordedCost> {
  // a request with an Idempotency-Key writes only in transactions, which also mark its key (lib/db/write-fence.ts)
  const alone = currentFence() ? null : await recordCostEventAlone(pool, event);
  return alone ?? (await sqlTx((exec) => recordCostEvent(exec, event), pool));
}

/** POST /api/companies/:companyId/cost-events: an agent reports only its own spend. */
export async function createCostEvent(ctx: ServiceContext, companyRef: string, input: CreateCostEventInput) {
  const companyId = await companyIdOrThrow(ctx, companyRef, "cost.report");
  const actor = ctx.actor;
  if (actor.kind === "agent" && actor.agentId !== input.agentId) throw forbidden("An agent reports only its own cost events");
  const event: CostEventInput = {
    ...input, companyId, runId: actor.kind === "agent" ? actor.runId : null,
    occurredAt: input.occurredAt ? new Date(input.occurredAt) : undefined,
  };
  const recorded = await recordReportedCost(event);
  return {
    ...recorded.event,
    spentMonthlyCents: recorded.budget.state?.agentSpentCents ?? 0,
    budgetMonthlyCents: recorded.budget.state?.agentBudgetCents ?? 0,
    budgetWarning: recorded.budget.warning,
    pausedAgentIds: recorded.budget.pausedAgentIds,
  };
}

const listOrder = [["occurredAt", "desc", "date"], ["id", "desc", "uuid"]] as const;

/** The ledger, newest first; filter by agent, project or issue. */
export async function listCostEvents(ctx: ServiceContext, companyRef: string, query: ListQuery & { agentId?: string; projectId?: string; issueId?: string }) {
  const company = await getCompanyOrThrow(ctx, companyRef, "cost.read");
  return keysetPage(query, listOrder, ({ after, ...page }) => ctx.db.costEvent.findMany({
    where: {
      companyId: company.id,
      ...(query.agentId ? { agentId: query.agentId } : {}),
      ...(query.projectId ? { projectId: query.projectId } : {}),
      ...(query.issueId ? { issueId: query.issueId } : {}),
      ...after,
    },
    ...page,
  }), costEventDto);
}
