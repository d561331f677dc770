// GET /api/companies/:companyId/issues: every filter of the spec, priority order (critical first,
// then most recently updated), keyset pagination, and `q` as a word search over each issue's search
// vector (identifier, number, title, description and comments; kept by triggers, see the migration
// issue_word_search). Hand-written SQL on the shared pool: this is the list every agent reads every heartbeat.
import type { Issue } from "@/lib/generated/prisma/client";
import { isoTimestampTypes, sql, statementName, type WithIsoTimestamps } from "@/lib/db/client";
import { decodeCursor, toPage, type ListQuery, type OrderField } from "@/lib/http/pagination";
import { issueDto } from "@/lib/dto/issues";
import { validationError } from "@/lib/http/errors";
import type { ListIssuesQuery } from "@/lib/schemas/issues";
import type { ServiceContext } from "@/lib/services/context";
import { companyIdOrThrow } from "@/lib/services/companies";
import { issueColumns } from "@/lib/services/issues/queries";

const order: readonly OrderField<"priority" | "updatedAt" | "id">[] = [["priority", "asc", "text"], ["updatedAt", "desc", "date"], ["id", "desc", "uuid"]];
const priorities = new Set(["critical", "high", "medium", "low"]);

export async function listIssues(ctx: ServiceContext, companyRef: string, query: ListIssuesQuery & ListQuery) {
  const companyId = await companyIdOrThrow(ctx, companyRef, "work.read");
  const params: unknown[] = [companyId];
  const p = (v: unknown) => `$${params.push(v)}`;
  const where = [`i."companyId" = $1`];
  if (query.status) where.push(`i.status = ANY(${p(query.status)}::"IssueStatus"[])`);
  if (query.priority) where.push(`i.priority = ${p(query.priority)}::"IssuePriority"`);
  for (const col of ["assigneeAgentId", "assigneeUserId", "projectId", "goalId", "parentId"] as const) {
    if (query[col]) where.push(`i."${col}" = ${p(query[col])}::uuid`);
  }
  if (query.labelId) {
    where.push(`EXISTS (SELECT 1 FROM "IssueLabel" l WHERE l."companyId" = $1 AND l."issueId" = i.id AND l."labelId" = ${p(query.labelId)}::uuid)`);
  }
  if (query.cursor) {
    const [prio, updatedAt, id] = decodeCursor(query.cursor, order.map((o) => o[2]));
    if (!priorities.has(String(prio))) throw validationError("cursor", "invalid cursor");
    const [pp, pu, pi] = [p(prio), p(updatedAt), p(id)];
    where.push(`(i.priority > ${pp}::"IssuePriority" OR (i.priority = ${pp}::"IssuePriority" AND (i."updatedAt" < ${pu} OR (i."updatedAt" = ${pu} AND i.id < ${pi}::uuid))))`);
  }
  const limit = p(query.limit + 1);
  const filters = where.join(" AND ");
  if (!query.q) {
    const { rows } = await run(`SELECT ${columns("i")} FROM "Issue" i WHERE ${filters} ${orderBy("i")} LIMIT ${limit}`, params);
    return toPage(rows, query.limit, order, issueDto);
  }
  // a scalar subquery: the words are parsed once per statement, not once per row (prepared plans
  // cannot fold a function of a parameter into a constant)
  const words = `(SELECT charter_search_query(${p(query.q)}::text))`;
  const walkRows = `${p(WALK_ROWS)}::int`;
  // The walk: the first WALK_ROWS issues of the list order, each tested against its search vector
  // (a few microseconds a row). Words on many issues fill the page within the first rows.
  const walked = await run(
    `SELECT ${columns("w")} FROM (SELECT i.* FROM "Issue" i WHERE ${filters} ${orderBy("i")} LIMIT ${walkRows}) w
      WHERE w."searchVector" @@ ${words} ${orderBy("w")} LIMIT ${limit}`,
    params,
  );
  if (walked.rows.length > query.limit) return toPage(walked.rows, query.limit, order, issueDto);
  // Rarer words: the issues holding them, from the GIN index, sorted — unless the walk already saw
  // every issue the filters allow (the one-time count of at most WALK_ROWS index entries).
  const { rows } = await run(
    `WITH hits AS MATERIALIZED (SELECT i.id FROM "Issue" i WHERE i."companyId" = $1 AND i."searchVector" @@ ${words}
                                  AND (SELECT count(*) FROM (SELECT 1 FROM "Issue" i WHERE ${filters} LIMIT ${walkRows}) n) = ${walkRows})
     SELECT ${columns("i")} FROM "Issue" i JOIN hits h ON h.id = i.id WHERE ${filters} ${orderBy("i")} LIMIT ${limit}`,
    params,
  );
  // no hits past the walk: the walk saw every issue, and its rows are the answer
  return toPage(rows.length > 0 ? rows : walked.rows, query.limit, order, issueDto);
}

/** How many issues of the list order a search tests one by one before it asks the GIN index. */
const WALK_ROWS = 400;

type Row = WithIsoTimestamps<Issue> & { labelIds: string[] };
const columns = (t: string) =>
  `${issueColumns(t)}, ARRAY(SELECT l."labelId"::text FROM "IssueLabel" l WHERE l."companyId" = ${t}."companyId" AND l."issueId" = ${t}.id) AS "labelIds"`;
const orderBy = (t: string) => `ORDER BY ${t}.priority ASC, ${t}."updatedAt" DESC, ${t}.id DESC`;

// Prepared per shape of filters (planning costs more than running these queries; the shapes are
// few: a filter present or not); a search's plan does not depend on its words: the walk and the
// index are chosen above, not by the planner.
const run = (text: string, values: unknown[]) => sql().query<Row>({ name: statementName(text), text, values, types: isoTimestampTypes });
