// Month-to-date spend, derived from cost events over the current UTC calendar month: a new month
// starts at zero without any job (DESIGN §7).
import type { Db } from "@/lib/db/client";
import type { Tx } from "@/lib/services/context";

export function monthStartUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export async function companySpendCents(db: Db | Tx, companyId: string, now = new Date()): Promise<number> {
  const agg = await db.costEvent.aggregate({
    where: { companyId, occurredAt: { gte: monthStartUtc(now) } },
    _sum: { costCents: true },
  });
  return agg._sum.costCents ?? 0;
}

export async function companiesSpendCents(db: Db | Tx, companyIds: string[], now = new Date()): Promise<Map<string, number>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db.costEvent.groupBy({
    by: ["companyId"],
    where: { companyId: { in: companyIds }, occurredAt: { gte: monthStartUtc(now) } },
    _sum: { costCents: true },
  });
  return new Map(rows.map((r) => [r.companyId, r._sum.costCents ?? 0]));
}

export async function agentsSpendCents(db: Db | Tx, companyId: string, agentIds: string[], now = new Date()): Promise<Map<string, number>> {
  if (agentIds.length === 0) return new Map();
  const rows = await db.costEvent.groupBy({
    by: ["agentId"],
    where: { companyId, agentId: { in: agentIds }, occurredAt: { gte: monthStartUtc(now) } },
    _sum: { costCents: true },
  });
  return new Map(rows.map((r) => [r.agentId, r._sum.costCents ?? 0]));
}
