// Cost reports over [from, to): whole UTC days are read from CostRollup (a few rows per day), and
// only the partial days at either edge of a date-time range from CostEvent itself, so a company
// with a million events answers in milliseconds.
import { sql } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import type { CostRangeQuery } from "@/lib/schemas/costs";
import type { ServiceContext } from "@/lib/services/context";
import { getCompanyOrThrow } from "@/lib/services/companies";
import { NO_PROJECT } from "@/lib/services/costs";
import { atLimit, atWarning, companySpendCents, isoDay, monthStartUtc, nextMonthStartUtc } from "@/lib/services/spend";

const DAY_MS = 86_400_000;

export interface CostRange {
  from: Date;
  to: Date;
}

const isDateOnly = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The query's range: a date-only `to` includes that whole UTC day; default the current UTC month. */
export function costRange(query: CostRangeQuery, now = new Date()): CostRange {
  const from = query.from ? new Date(isDateOnly(query.from) ? `${query.from}T00:00:00Z` : query.from) : monthStartUtc(now);
  const to = query.to
    ? isDateOnly(query.to) ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) : new Date(query.to)
    : nextMonthStartUtc(now);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) {
    throw new AppError("validation_error", "The query does not match the expected fields", [{ path: "query.from", message: "invalid date" }]);
  }
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

/** Rollup rows of the whole days plus single events of the edges, as one derived table `c`. */
function source(columns: string) {
  return `(SELECT ${columns}, "costCents", "inputTokens", "outputTokens", "eventCount" FROM "CostRollup"
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

async function run<T>(name: string, text: string, companyId: string, range: CostRange): Promise<T[]> {
  const s = split(range);
  const { rows } = await sql().query({ name, text, values: [companyId, s.dayFrom, s.dayTo, ...s.edges.map((d) => d.toISOString())] });
  return rows as T[];
}

export async function costSummary(ctx: ServiceContext, companyRef: string, query: CostRangeQuery) {
  const company = await getCompanyOrThrow(ctx, companyRef, "cost.read");
  const range = costRange(query);
  const [totals, daily, spent] = await Promise.all([
    run<Sums>("cost-summary", `SELECT ${sums} FROM ${source(`"agentId"`)}`, company.id, range),
    run<Sums & { day: string }>("cost-summary-daily",
      `SELECT to_char(c.day, 'YYYY-MM-DD') AS day, ${sums} FROM ${source(`day`)} GROUP BY c.day ORDER BY c.day`, company.id, range),
    companySpendCents(ctx.db, company.id),
  ]);
  const budget = company.budgetMonthlyCents;
  return {
    companyId: company.id,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    ...totals[0],
    budgetMonthlyCents: budget,
    spentMonthlyCents: spent,
    utilization: budget > 0 ? spent / budget : null,
    budgetWarning: atWarning(spent, budget),
    overBudget: atLimit(spent, budget),
    daily: daily.map((d) => ({ day: d.day, costCents: d.costCents, inputTokens: d.inputTokens, outputTokens: d.outputTokens, eventCount: d.eventCount })),
  };
}

export async function costsByAgent(ctx: ServiceContext, companyRef: string, query: CostRangeQuery) {
  const company = await getCompanyOrThrow(ctx, companyRef, "cost.read");
  const range = costRange(query);
  const monthRange = { from: monthStartUtc(), to: nextMonthStartUtc() };
  const [rows, month, agents] = await Promise.all([
    run<Sums & { agentId: string }>("cost-by-agent", `SELECT c."agentId"::text AS "agentId", ${sums} FROM ${source(`"agentId"`)} GROUP BY c."agentId"`, company.id, range),
    run<{ agentId: string; costCents: number }>("cost-by-agent-month",
      `SELECT c."agentId"::text AS "agentId", coalesce(sum(c."costCents"), 0)::float8 AS "costCents" FROM ${source(`"agentId"`)} GROUP BY c."agentId"`, company.id, monthRange),
    ctx.db.agent.findMany({
      where: { companyId: company.id },
      select: { id: true, name: true, urlKey: true, role: true, icon: true, status: true, pauseReason: true, budgetMonthlyCents: true },
    }),
  ]);
  const byId = new Map(rows.map((r) => [r.agentId, r]));
  const spent = new Map(month.map((r) => [r.agentId, r.costCents]));
  return agents
    .filter((a) => byId.has(a.id) || a.status !== "terminated")
    .map((a) => {
      const s = byId.get(a.id);
      const m = spent.get(a.id) ?? 0;
      return {
        agentId: a.id, name: a.name, urlKey: a.urlKey, role: a.role, icon: a.icon, status: a.status, pauseReason: a.pauseReason,
        costCents: s?.costCents ?? 0, inputTokens: s?.inputTokens ?? 0, outputTokens: s?.outputTokens ?? 0, eventCount: s?.eventCount ?? 0,
        budgetMonthlyCents: a.budgetMonthlyCents, spentMonthlyCents: m,
        budgetWarning: atWarning(m, a.budgetMonthlyCents),
      };
    })
    .sort((x, y) => y.costCents - x.costCents || x.name.localeCompare(y.name));
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
