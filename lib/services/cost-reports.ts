// Cost reports over [from, to): whole UTC days are read from the rollups (a few rows per day), and
// only the partial days at either edge of a date-time range from CostEvent itself, so a company
// with a million events answers in milliseconds.
import { sql } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import type { CostRangeQuery } from "@/lib/schemas/costs";
import type { ServiceContext } from "@/lib/services/context";
import { getCompanyOrThrow } from "@/lib/services/company-scope";
import { NO_PROJECT } from "@/lib/services/costs";
import { atLimit, atWarning, companySpendCents, isoDay, monthDays, monthStartUtc, nextMonthStartUtc } from "@/lib/services/spend";

const DAY_MS = 86_400_000;

export interface CostRange {
  from: Date;
  to: Date;
}

const EARLIEST = new Date("1970-01-01T00:00:00Z");
const LATEST = new Date("9999-12-31T00:00:00Z");

const isDateOnly = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The query's range: a date-only `to` includes that whole UTC day; default the current UTC month. */
function costRange(query: CostRangeQuery, now = new Date()): CostRange {
  let from = query.from ? new Date(isDateOnly(query.from) ? `${query.from}T00:00:00Z` : query.from) : monthStartUtc(now);
  let to = query.to
    ? isDateOnly(query.to) ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) : new Date(query.to)
    : nextMonthStartUtc(now);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) {
    throw new AppError("validation_error", "The query does not match the expected fields", [{ path: "query.from", message: "invalid date" }]);
  }
  // no events exist outside these years; clamping keeps extreme dates from reaching SQL
  if (from < EARLIEST) from = EARLIEST;
  if (to > LATEST) to = LATEST;
  if (from >= to) {
    throw new AppError("validation_error", "The query does not match the expected fields", [{ path: "query.to", message: "must be after from" }]);
  }
  return { from, to };
}

/** Splits [from, to) into whole UTC days [dayFrom, dayTo) and the raw edges before and after them. */
function split(range: CostRange) {
  const dayFrom = new Date(Math.ceil(range.from.getTime() / DAY_MS) * DAY_MS);
  const dayTo = new Date(Math.floor(range.to.getTime() / DAY_MS) * DAY_MS);
  if (dayFrom >= dayTo) return { dayFrom: isoDay(range.from), dayTo: isoDay(range.from), edges: [range.from, range.to, range.to, range.to] };
  return { dayFrom: isoDay(dayFrom), dayTo: isoDay(dayTo), edges: [range.from, dayFrom, dayTo, range.to] };
}

/**
 * Rollup rows of the whole days plus single events of the edges, as one derived table `c`: CostRollup
 * (by agent and project) or CostModelRollup (by agent, provider and model), whose columns `columns` names.
 */
const rollups = { agents: `FROM "CostRollup"`, models: `FROM "CostModelRollup"` };

function source(columns: string, rollup: keyof typeof rollups = "agents") {
  return `(SELECT ${columns}, "costCents", "inputTokens", "outputTokens", "eventCount" ${rollups[rollup]}
            WHERE "companyId" = $1::uuid AND day >= $2::date AND day < $3::date
           UNION ALL
           SELECT ${columns.replace(/"projectId"/, `coalesce("projectId", '${NO_PROJECT}'::uuid) AS "projectId"`).replace(/\bday\b/, `("occurredAt" AT TIME ZONE 'UTC')::date AS day`)},
                  "costCents", "inputTokens", "outputTokens", 1 FROM "CostEvent"
            WHERE "companyId" = $1::uuid AND (("occurredAt" >= $4 AND "occurredAt" < $5) OR ("occurredAt" >= $6 AND "occurredAt" < $7))) c`;
}

const sums = `coalesce(sum(c."costCents"), 0)::float8 AS "costCents", coalesce(sum(c."inputTokens"), 0)::float8 AS "inputTokens",
              coalesce(sum(c."outputTokens"), 0)::float8 AS "outputTokens", coalesce(sum(c."eventCount"), 0)::float8 AS "eventCount"`;

interface Sums {
  costCents: number;
  inputTokens: number;
  outputTokens: number;
  eventCount: number;
}

/** $2–$7 of every report statement: the whole days and the four edge bounds. */
function rangeValues(range: CostRange) {
  const s = split(range);
  return [s.dayFrom, s.dayTo, ...s.edges.map((d) => d.toISOString())];
}

async function run<T>(name: string, text: string, companyId: string, range: CostRange): Promise<T[]> {
  const { rows } = await sql().query({ name, text, values: [companyId, ...rangeValues(range)] });
  return rows as T[];
}

const sumOf = (rows: Sums[]): Sums => rows.reduce(
  (t, r) => ({ costCents: t.costCents + r.costCents, inputTokens: t.inputTokens + r.inputTokens, outputTokens: t.outputTokens + r.outputTokens, eventCount: t.eventCount + r.eventCount }),
  { costCents: 0, inputTokens: 0, outputTokens: 0, eventCount: 0 },
);

const isCurrentMonth = (r: CostRange) => r.from.getTime() === monthStartUtc().getTime() && r.to.getTime() === nextMonthStartUtc().getTime();

export async function costSummary(ctx: ServiceContext, companyRef: string, query: CostRangeQuery) {
  const company = await getCompanyOrThrow(ctx, companyRef, "cost.read");
  const range = costRange(query);
  // one statement: the daily series, whose sum is the total; the month's spend is that same sum by default
  const [daily, spent] = await Promise.all([
    run<Sums & { day: string }>("cost-summary-daily",
      `SELECT to_char(c.day, 'YYYY-MM-DD') AS day, ${sums} FROM ${source(`day`)} GROUP BY c.day ORDER BY c.day`, company.id, range),
    isCurrentMonth(range) ? Promise.resolve(null) : companySpendCents(ctx.db, company.id),
  ]);
  const totals = sumOf(daily);
  const month = spent ?? totals.costCents;
  const budget = company.budgetMonthlyCents;
  return {
    companyId: company.id,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    ...totals,
    budgetMonthlyCents: budget,
    spentMonthlyCents: month,
    utilization: budget > 0 ? month / budget : null,
    budgetWarning: atWarning(month, budget),
    overBudget: atLimit(month, budget),
    daily: daily.map((d) => ({ day: d.day, costCents: d.costCents, inputTokens: d.inputTokens, outputTokens: d.outputTokens, eventCount: d.eventCount })),
  };
}

interface AgentRow extends Sums {
  agentId: string;
  name: string;
  urlKey: string;
  role: string;
  icon: string | null;
  status: string;
  pauseReason: string | null;
  budgetMonthlyCents: number;
  spentMonthlyCents: number;
}

export async function costsByAgent(ctx: ServiceContext, companyRef: string, query: CostRangeQuery) {
  const company = await getCompanyOrThrow(ctx, companyRef, "cost.read");
  const range = costRange(query);
  // every agent with its range sums and its month's spend, in one statement
  const { rows } = await sql().query<AgentRow>({
    name: "cost-by-agent",
    text: `WITH r AS (SELECT c."agentId", ${sums} FROM ${source(`"agentId"`)} GROUP BY c."agentId")
           SELECT a.id::text AS "agentId", a.name, a."urlKey", a.role::text AS role, a.icon, a.status::text AS status,
                  a."pauseReason"::text AS "pauseReason", a."budgetMonthlyCents",
                  coalesce(r."costCents", 0) AS "costCents", coalesce(r."inputTokens", 0) AS "inputTokens",
                  coalesce(r."outputTokens", 0) AS "outputTokens", coalesce(r."eventCount", 0) AS "eventCount",
                  (SELECT cents FROM charter_agent_month_spend(a."companyId", a.id, $8::date, $9::date)) AS "spentMonthlyCents"
             FROM "Agent" a LEFT JOIN r ON r."agentId" = a.id
            WHERE a."companyId" = $1::uuid AND (a.status <> 'terminated' OR r."agentId" IS NOT NULL)
            ORDER BY coalesce(r."costCents", 0) DESC, a.name, a.id`,
    values: [company.id, ...rangeValues(range), ...monthDays()],
  });
  return rows.map((a) => ({ ...a, budgetWarning: atWarning(a.spentMonthlyCents, a.budgetMonthlyCents) }));
}

export async function costsByProject(ctx: ServiceContext, companyRef: string, query: CostRangeQuery) {
  const company = await getCompanyOrThrow(ctx, companyRef, "cost.read");
  const range = costRange(query);
  const rows = await run<Sums & { projectId: string }>("cost-by-project",
    `SELECT c."projectId"::text AS "projectId", ${sums} FROM ${source(`"projectId"`)} GROUP BY c."projectId"`, company.id, range);
  const ids = rows.map((r) => r.projectId).filter((id) => id !== NO_PROJECT);
  const projects = await ctx.db.project.findMany({ where: { companyId: company.id, id: { in: ids } }, select: { id: true, name: true, status: true } });
  const names = new Map(projects.map((p) => [p.id, p]));
  return rows
    .map((r) => {
      const none = r.projectId === NO_PROJECT;
      return {
        projectId: none ? null : r.projectId,
        name: none ? null : names.get(r.projectId)?.name ?? null,
        status: none ? null : names.get(r.projectId)?.status ?? null,
        costCents: r.costCents, inputTokens: r.inputTokens, outputTokens: r.outputTokens, eventCount: r.eventCount,
      };
    })
    .sort((x, y) => y.costCents - x.costCents);
}

export async function costsByModel(ctx: ServiceContext, companyRef: string, query: CostRangeQuery) {
  const company = await getCompanyOrThrow(ctx, companyRef, "cost.read");
  const range = costRange(query);
  return run<Sums & { provider: string; model: string }>("cost-by-model",
    `SELECT c.provider, c.model, ${sums} FROM ${source(`provider, model`, "models")}
      GROUP BY c.provider, c.model ORDER BY 3 DESC, c.provider, c.model`, company.id, range);
}

/** Issues listed by costsByIssue: the most expensive, enough for the page and the API. */
const TOP_ISSUES = 20;

/** The most expensive issues over all time (IssueCost, one row per issue, read in its index's order). */
export async function costsByIssue(ctx: ServiceContext, companyRef: string) {
  const company = await getCompanyOrThrow(ctx, companyRef, "cost.read");
  const { rows } = await sql().query<{ issueId: string; identifier: string; title: string; status: string; costCents: number; eventCount: number }>({
    name: "cost-by-issue",
    text: `SELECT i.id::text AS "issueId", i.identifier, i.title, i.status::text AS status, c."costCents"::float8 AS "costCents", c."eventCount"
             FROM "IssueCost" c JOIN "Issue" i ON i.id = c."issueId" AND i."companyId" = c."companyId"
            WHERE c."companyId" = $1::uuid AND c."costCents" > 0
            ORDER BY c."costCents" DESC, c."issueId" LIMIT ${TOP_ISSUES}`,
    values: [company.id],
  });
  return rows;
}
