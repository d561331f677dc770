// Month-to-date spend, derived from cost events over the current UTC calendar month: a new month
// starts at zero without any job (docs/design.md §7). It reads CostRollup, the per-day sums that the
// statement inserting each cost event keeps in step with CostEvent, so a company with a million
// events still answers from a few rows.
import type { Db } from "@/lib/db/client";
import type { Tx } from "@/lib/services/context";

export function monthStartUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export function nextMonthStartUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** A UTC day as YYYY-MM-DD, the form SQL compares with CostRollup.day whatever the session's time zone. */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

const month = (now: Date) => ({ gte: monthStartUtc(now), lt: nextMonthStartUtc(now) });

export async function companySpendCents(db: Db | Tx, companyId: string, now = new Date()): Promise<number> {
  const agg = await db.costRollup.aggregate({ where: { companyId, day: month(now) }, _sum: { costCents: true } });
  return Number(agg._sum.costCents ?? 0);
}

export async function companiesSpendCents(db: Db | Tx, companyIds: string[], now = new Date()): Promise<Map<string, number>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db.costRollup.groupBy({
    by: ["companyId"],
    where: { companyId: { in: companyIds }, day: month(now) },
    _sum: { costCents: true },
  });
  return new Map(rows.map((r) => [r.companyId, Number(r._sum.costCents ?? 0)]));
}

export async function agentsSpendCents(db: Db | Tx, companyId: string, agentIds: string[], now = new Date()): Promise<Map<string, number>> {
  if (agentIds.length === 0) return new Map();
  const rows = await db.costRollup.groupBy({
    by: ["agentId"],
    where: { companyId, agentId: { in: agentIds }, day: month(now) },
    _sum: { costCents: true },
  });
  return new Map(rows.map((r) => [r.agentId, Number(r._sum.costCents ?? 0)]));
}

/** Whether spend has reached a budget's 80% warning line; a budget of 0 means no limit. */
export const atWarning = (spentCents: number, budgetCents: number) => budgetCents > 0 && spentCents * 100 >= budgetCents * 80;

/** Whether spend has used up a budget; a budget of 0 means no limit. */
export const atLimit = (spentCents: number, budgetCents: number) => budgetCents > 0 && spentCents >= budgetCents;
