// Month-to-date spend, derived from cost events over the current UTC calendar month: a new month
// starts at zero without any job (docs/design.md §7). It reads CostRollup, the per-day sums that the
// statement inserting each cost event keeps in step with CostEvent, so a company with a million
// events still answers from a few rows. The sum is written once, in SQL (charter_agent_month_spend
// and charter_company_month_spend, migration 20261126220000_month_spend); every reader, here and in
// hand-written statements, calls those with the days monthDays gives.
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

/** The spend window's days as the SQL month-spend functions take them: this UTC month's first day and the next month's. */
export const monthDays = (now = new Date()): [string, string] => [isoDay(monthStartUtc(now)), isoDay(nextMonthStartUtc(now))];

export async function companySpendCents(db: Db | Tx, companyId: string, now = new Date()): Promise<number> {
  return (await companiesSpendCents(db, [companyId], now)).get(companyId) ?? 0;
}

export async function companiesSpendCents(db: Db | Tx, companyIds: string[], now = new Date()): Promise<Map<string, number>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db.$queryRawUnsafe<{ id: string; spent: number }[]>(
    `SELECT c.id::text AS id, (SELECT cents FROM charter_company_month_spend(c.id, $2::date, $3::date)) AS spent FROM unnest($1::uuid[]) AS c(id)`,
    companyIds, ...monthDays(now),
  );
  return new Map(rows.map((r) => [r.id, Number(r.spent)]));
}

export async function agentsSpendCents(db: Db | Tx, companyId: string, agentIds: string[], now = new Date()): Promise<Map<string, number>> {
  if (agentIds.length === 0) return new Map();
  const rows = await db.$queryRawUnsafe<{ id: string; spent: number }[]>(
    `SELECT a.id::text AS id, (SELECT cents FROM charter_agent_month_spend($1::uuid, a.id, $3::date, $4::date)) AS spent FROM unnest($2::uuid[]) AS a(id)`,
    companyId, agentIds, ...monthDays(now),
  );
  return new Map(rows.map((r) => [r.id, Number(r.spent)]));
}

/** Whether spend has reached a budget's 80% warning line; a budget of 0 means no limit. */
export const atWarning = (spentCents: number, budgetCents: number) => budgetCents > 0 && spentCents * 100 >= budgetCents * 80;

/** Whether spend has used up a budget; a budget of 0 means no limit. */
export const atLimit = (spentCents: number, budgetCents: number) => budgetCents > 0 && spentCents >= budgetCents;
