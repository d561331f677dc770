// GET /api/companies/:companyId/issues/counts: how many issues each status holds under the list's
// filters (the kanban's column totals). One grouped count; without a search and without a label it
// is answered from the (companyId, status, priority, updatedAt, id) index alone, so it stays in the
// tens of milliseconds at 100,000 issues (docs/decisions/new-scale-column-totals.md).
import { sql, statementName } from "@/lib/db/client";
import { issueStatuses, type IssueStatus } from "@/lib/issue-status";
import type { ListIssuesQuery } from "@/lib/schemas/issues";
import type { ServiceContext } from "@/lib/services/context";
import { companyIdOrThrow } from "@/lib/services/companies";
import { issueFilters, withMe } from "@/lib/services/issues/list";

export interface IssueCounts {
  companyId: string;
  total: number;
  byStatus: Record<IssueStatus, number>;
}

export async function countIssues(ctx: ServiceContext, companyRef: string, countQuery: ListIssuesQuery): Promise<IssueCounts> {
  const companyId = await companyIdOrThrow(ctx, companyRef, "work.read");
  const query = withMe(ctx.actor, countQuery);
  const { params, p, where } = issueFilters(companyId, query);
  // the same word search as the list's index path: every issue holding all the words
  if (query.q) where.push(`i."searchVector" @@ (SELECT charter_search_query(${p(query.q)}::text))`);
  const text = `SELECT i.status::text AS status, count(*)::int AS n FROM "Issue" i WHERE ${where.join(" AND ")} GROUP BY i.status`;
  const { rows } = await sql().query<{ status: IssueStatus; n: number }>({ name: statementName(text), text, values: params });
  const byStatus = Object.fromEntries(issueStatuses.map((s) => [s, 0])) as Record<IssueStatus, number>;
  for (const r of rows) byStatus[r.status] = r.n;
  return { companyId, total: rows.reduce((sum, r) => sum + r.n, 0), byStatus };
}
