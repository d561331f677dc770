// GET /api/companies/:companyId/issues/counts: how many issues each status holds under the list's
// filters (the kanban's column totals; docs/decisions/0098-column-totals.md). Unfiltered, the counts
// the triggers keep in IssueStatusCount; filtered, a count over the filter's index.
import { sql, statementName } from "@/lib/db/client";
import { issueStatuses, type IssueStatus } from "@/lib/issue-status";
import type { ListIssuesQuery } from "@/lib/schemas/issues";
import type { ServiceContext } from "@/lib/services/context";
import { companyIdOrThrow } from "@/lib/services/company-scope";
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
  if (where.length === 1) return { companyId, ...(await issueStatusCounts(companyId)) };
  return { companyId, ...(await countRows(`SELECT i.status::text AS status, count(*)::int AS n FROM "Issue" i WHERE ${where.join(" AND ")} GROUP BY i.status`, params)) };
}

/**
 * A company's delta rows past this many are folded into one per status by the read that finds them:
 * a read sums at most a few hundred rows, and the folding is paid once per that many writes.
 */
export const FOLD_AT = 200;

const sumSql = `SELECT status::text AS status, sum(n)::int AS n, count(*)::int AS "rows" FROM "IssueStatusCount" WHERE "companyId" = $1 GROUP BY status`;

/**
 * Every issue of the company, per status: the sum of the company's IssueStatusCount rows, which the
 * triggers on Issue append in every writing transaction (migration issue_status_counts), so the sum is
 * exact in any snapshot (docs/decisions/0118-issue-status-counts.md).
 */
export async function issueStatusCounts(companyId: string) {
  const { rows } = await sql().query<{ status: IssueStatus; n: number; rows: number }>({ name: statementName(sumSql), text: sumSql, values: [companyId] });
  if (rows.reduce((sum, r) => sum + r.rows, 0) > FOLD_AT) await foldIssueCounts(companyId);
  return tally(rows);
}

// The company's rows replaced by their sums per status, in one statement (one transaction): a count
// read at any moment sees either the deltas or their sums. A delta appended meanwhile is not in this
// statement's snapshot and stays. Only one fold per company at a time (the others skip): two folds
// would still add up, but could wait on each other's rows.
const foldSql = `
  WITH gone AS (
    DELETE FROM "IssueStatusCount" c
     WHERE c."companyId" = $1 AND (SELECT pg_try_advisory_xact_lock(hashtextextended('issue-counts:' || $1::text, 0)))
    RETURNING c.status, c.n
  )
  INSERT INTO "IssueStatusCount" ("companyId", status, n) SELECT $1, status, sum(n) FROM gone GROUP BY status HAVING sum(n) <> 0`;

export async function foldIssueCounts(companyId: string) {
  await sql().query({ name: statementName(foldSql), text: foldSql, values: [companyId] });
}

async function countRows(text: string, values: unknown[]) {
  const { rows } = await sql().query<{ status: IssueStatus; n: number }>({ name: statementName(text), text, values });
  return tally(rows);
}

function tally(rows: Array<{ status: IssueStatus; n: number }>) {
  const byStatus = Object.fromEntries(issueStatuses.map((s) => [s, 0])) as Record<IssueStatus, number>;
  for (const r of rows) byStatus[r.status] = r.n;
  return { total: rows.reduce((sum, r) => sum + r.n, 0), byStatus };
}
