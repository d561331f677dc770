// Reading stalls: GET /api/companies/:companyId/stalled (the "Not moving" view, the MCP tool) and
// the dashboard's count. IssueStall holds one row per open issue the sweep found not moving.
import { issueDto } from "@/lib/dto/issues";
import { keysetPage, type OrderField } from "@/lib/http/pagination";
import type { Db } from "@/lib/db/client";
import type { StallReason } from "@/lib/generated/prisma/enums";
import { stallReasons, type ListStalledQuery } from "@/lib/schemas/liveness";
import type { ServiceContext } from "@/lib/services/context";
import { companyIdOrThrow } from "@/lib/services/company-scope";
import { labelIdsOf } from "@/lib/services/issues/queries";

// the order of IssueStall's (companyId[, reason], since desc, issueId desc) indexes
const order: readonly OrderField<"since" | "issueId">[] = [["since", "desc", "date"], ["issueId", "desc", "uuid"]];

/** The company's stalled issues, the most recently stalled first, with the count per reason. */
export async function listStalled(ctx: ServiceContext, companyRef: string, query: ListStalledQuery) {
  const companyId = await companyIdOrThrow(ctx, companyRef, "work.read");
  const reason = query.reason ? { reason: query.reason } : {};
  const page = await keysetPage(query, order, ({ after, orderBy, take }) =>
    ctx.db.issueStall.findMany({ where: { companyId, ...reason, ...after }, orderBy, take }));
  const ids = page.items.map((s) => s.issueId);
  const [issues, labels, counts] = await Promise.all([
    ids.length ? ctx.db.issue.findMany({ where: { companyId, id: { in: ids } } }) : [],
    ids.length ? labelIdsOf(ctx.db, companyId, ids) : new Map<string, string[]>(),
    stallCounts(ctx.db, companyId),
  ]);
  const byId = new Map(issues.map((i) => [i.id, i]));
  const items = page.items.flatMap((s) => {
    const issue = byId.get(s.issueId);
    // a stall row outlives its issue only until the next sweep; such a row is no issue to show
    if (!issue) return [];
    const dto = issueDto({ ...issue, labelIds: labels.get(issue.id) ?? [], stallReason: s.reason, stallSince: s.since, stallFacts: s.facts });
    return [{ ...dto, liveness: dto.liveness! }];
  });
  return { items, counts, nextCursor: page.nextCursor };
}

/** Stalled issues per reason, every reason present (0 for none). */
async function stallCounts(db: Db, companyId: string): Promise<Record<StallReason, number>> {
  const rows = await db.issueStall.groupBy({ by: ["reason"], where: { companyId }, _count: { _all: true } });
  const counts = Object.fromEntries(stallReasons.map((r) => [r, 0])) as Record<StallReason, number>;
  for (const r of rows) counts[r.reason] = r._count._all;
  return counts;
}
