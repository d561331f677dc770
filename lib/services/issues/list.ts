// GET /api/companies/:companyId/issues: every filter of the spec, priority order (critical first,
// then most recently updated), keyset pagination, and `q` as a word search over each issue's search
// vector (identifier, number, title, description and comments; kept by triggers, see the migration
// issue_word_search). Hand-written SQL on the shared pool: this is the list every agent reads every heartbeat.
import type { Issue } from "@/lib/generated/prisma/client";
import { isoTimestampTypes, sql, statementName, type WithIsoTimestamps } from "@/lib/db/client";
import { decodeCursor, keysetSql, MAX_LIMIT, toJsonPage, toPage, type JsonPage, type ListQuery, type OrderField } from "@/lib/http/pagination";
import { issueDto, issueJson, issueJsonColumns, type IssueJsonRow, type StallColumns } from "@/lib/dto/issues";
import { AppError, validationError } from "@/lib/http/errors";
import type { ListIssuesQuery } from "@/lib/schemas/issues";
import type { ServiceContext } from "@/lib/services/context";
import { companyIdOrThrow } from "@/lib/services/company-scope";
import { issueColumns } from "@/lib/services/issues/queries";
import { agentKeyAuthenticates, type Actor } from "@/lib/auth/actor";
import { isUuid } from "@/lib/schemas/common";

const order: readonly OrderField<"priority" | "updatedAt" | "id">[] = [["priority", "asc", "text"], ["updatedAt", "desc", "date"], ["id", "desc", "uuid"]];
const priorities = new Set(["critical", "high", "medium", "low"]);

/** The list's filters for one company ($1), without paging, as SQL conditions over the issue `i`. */
export function issueFilters(companyId: string, query: ListIssuesQuery) {
  const params: unknown[] = [companyId];
  const p = (v: unknown) => `$${params.push(v)}`;
  const where = [`i."companyId" = $1`];
  // one status (a kanban column) as an equality: a prepared plan for `= ANY($n)` cannot know the array
  // holds one value, so it walked the priority index filtering by status instead of reading the
  // status's range in list order (1.9 s against 0.1 ms for a column of 50,000 at 1,000,000 issues)
  if (query.status?.length === 1) where.push(`i.status = ${p(query.status[0])}::"IssueStatus"`);
  else if (query.status) where.push(`i.status = ANY(${p(query.status)}::"IssueStatus"[])`);
  if (query.priority) where.push(`i.priority = ${p(query.priority)}::"IssuePriority"`);
  for (const col of ["assigneeAgentId", "assigneeUserId", "projectId", "goalId", "parentId"] as const) {
    if (query[col]) where.push(`i."${col}" = ${p(query[col])}::uuid`);
  }
  if (query.labelId) {
    where.push(`EXISTS (SELECT 1 FROM "IssueLabel" l WHERE l."companyId" = $1 AND l."issueId" = i.id AND l."labelId" = ${p(query.labelId)}::uuid)`);
  }
  where.push(...livenessFilters(query, p));
  return { params, p, where };
}

/**
 * ?liveness and ?stalledReason over IssueStall (a company holds few stalls: the planner may start
 * from them, through the stall's company index, rather than walk the issues).
 */
function livenessFilters(query: ListIssuesQuery, p: (v: unknown) => string): string[] {
  if (query.liveness === "moving" && query.stalledReason) throw validationError("query.stalledReason", "goes with liveness=stalled (or no liveness), not with moving");
  const reason = query.stalledReason ? ` AND s.reason = ${p(query.stalledReason)}::"StallReason"` : "";
  const stalled = `i.id IN (SELECT s."issueId" FROM "IssueStall" s WHERE s."companyId" = $1${reason})`;
  if (query.liveness === "moving") return [`NOT (${stalled})`];
  return query.liveness === "stalled" || query.stalledReason ? [stalled] : [];
}

/** issueFilters with the cursor and `limit + 1`. */
function listFilters(companyId: string, query: ListIssuesQuery & ListQuery) {
  const { params, p, where } = issueFilters(companyId, query);
  if (query.cursor) {
    const values = decodeCursor(query.cursor, order.map((o) => o[2]));
    if (!priorities.has(String(values[0]))) throw validationError("cursor", "invalid cursor");
    where.push(keysetSql(order, [{ sql: "i.priority", cast: '"IssuePriority"' }, { sql: 'i."updatedAt"', cast: "timestamptz" }, { sql: "i.id", cast: "uuid" }], values, p));
  }
  const limit = p(query.limit + 1);
  return { params, p, filters: where.join(" AND "), limit };
}

/**
 * The query with `me` replaced by the caller: an agent for assigneeAgentId, a board user for
 * assigneeUserId. The other kind of caller is no such assignee, so its `me` is a 400, not an empty list.
 */
export function withMe<Q extends ListIssuesQuery>(actor: Actor, query: Q): Q {
  const out = { ...query };
  if (query.assigneeAgentId === "me") {
    if (actor.kind !== "agent") throw validationError("query.assigneeAgentId", "'me' names the calling agent: only an agent key may use it");
    out.assigneeAgentId = actor.agentId;
  }
  if (query.assigneeUserId === "me") {
    if (actor.kind !== "board") throw validationError("query.assigneeUserId", "'me' names the calling board user: an agent key cannot use it");
    out.assigneeUserId = actor.userId;
  }
  return out;
}

export async function listIssues(ctx: ServiceContext, companyRef: string, listQuery: ListIssuesQuery & ListQuery) {
  const companyId = await companyIdOrThrow(ctx, companyRef, "work.read");
  const query = withMe(ctx.actor, listQuery);
  const { params, p, filters, limit } = listFilters(companyId, query);
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

/**
 * The list for a caller with an agent key (its digest), in one statement that also authenticates the
 * key with the clause every agent authentication uses: the agents' heartbeat read costs one round trip,
 * not two. An agent reads the whole of its own company (work.read: any agent). null: the key does not
 * authenticate (401). undefined: the general path answers — another company or a company's readable
 * key (404 or 403 there), a search, or a malformed cursor (whose 400 comes after authentication).
 */
export async function listIssuesByAgentKey(keyDigest: string, companyRef: string, query: ListIssuesQuery & ListQuery): Promise<JsonPage | null | undefined> {
  if (query.q || !isUuid(companyRef) || query.assigneeUserId === "me") return undefined;
  const companyId = companyRef.toLowerCase();
  let statement: { text: string; values: unknown[] };
  try {
    statement = agentKeyListStatement(keyDigest, companyId, query);
  } catch (e) {
    if (e instanceof AppError) return undefined;
    throw e;
  }
  const { rows } = await sql().query<IssueJsonRow>({ ...statement, name: statementName(statement.text), types: isoTimestampTypes, rowMode: "array" });
  if (rows.length === 0) return null;
  if (rows[0][CALLER_COMPANY] !== companyId) return undefined;
  // no issue on the page: the one row of the caller, with the page's columns null
  const page = rows[0][ID] === null ? [] : rows;
  return toJsonPage(page, query.limit, order, (r, name) => r[issueJsonColumns.indexOf(name as (typeof issueJsonColumns)[number])], issueJson);
}

/**
 * listIssuesByAgentKey's statement: rows as arrays, the issue's issueJsonColumns and then the caller's
 * company. The page's size is a constant inside (the largest page) and the parameter outside, where it
 * stops the scan all the same: with `LIMIT $n` inside, PostgreSQL's plan for an unknown limit (a tenth
 * of the company's issues) looked so costly that it planned every call anew (0.6 ms, more than running
 * it). The lateral join is a nested loop over the one caller row, so the page keeps the inner order.
 * `assigneeAgentId=me` is the caller's id from the key. Throws the cursor's AppError.
 */
export function agentKeyListStatement(keyDigest: string, companyId: string, query: ListIssuesQuery & ListQuery) {
  const { assigneeAgentId, ...rest } = query;
  const me = assigneeAgentId === "me";
  const { params, p, filters, limit } = listFilters(companyId, me ? rest : query);
  const mine = me ? ` AND i."assigneeAgentId" = c."agentId"` : "";
  const text = `WITH caller AS (SELECT a."companyId", a.id AS "agentId" FROM "AgentKey" k JOIN "Agent" a ON a.id = k."agentId" AND a."companyId" = k."companyId"
                      WHERE k."tokenHash" = ${p(keyDigest)} AND ${agentKeyAuthenticates})
     SELECT page.*, c."companyId" FROM caller c
       LEFT JOIN LATERAL (SELECT ${jsonColumns("i")} FROM "Issue" i WHERE c."companyId" = $1 AND ${filters}${mine} ${orderBy("i")} LIMIT ${MAX_LIMIT + 1}) page ON true
      LIMIT ${limit}`;
  return { text, values: params };
}

const labelIds = (t: string) => `ARRAY(SELECT l."labelId"::text FROM "IssueLabel" l WHERE l."companyId" = ${t}."companyId" AND l."issueId" = ${t}.id)`;
// the issue's stall by its primary key: a lookup per row of the page, which never changes the plan of
// the page itself (a join in the page's query may)
const stall: Record<string, string> = { stallReason: "reason::text", stallSince: "since", stallFacts: "facts" };
const stallColumn = (t: string, c: string) => `(SELECT s.${stall[c]} FROM "IssueStall" s WHERE s."issueId" = ${t}.id)`;
/** The issue's stall as the columns stallReason, stallSince, stallFacts (nulls: moving). */
const stallColumns = (t: string) => Object.keys(stall).map((c) => `${stallColumn(t, c)} AS "${c}"`).join(", ");
export const jsonColumns = (t: string) =>
  issueJsonColumns.map((c) => (c === "labelIds" ? labelIds(t) : c in stall ? stallColumn(t, c) : `${t}."${c}"`)).join(", ");
const ID = issueJsonColumns.indexOf("id");
const CALLER_COMPANY = issueJsonColumns.length;

/** How many issues of the list order a search tests one by one before it asks the GIN index. */
const WALK_ROWS = 400;

type Row = WithIsoTimestamps<Issue> & { labelIds: string[] } & StallColumns;
const columns = (t: string) => `${issueColumns(t)}, ${labelIds(t)} AS "labelIds", ${stallColumns(t)}`;
const orderBy = (t: string) => `ORDER BY ${t}.priority ASC, ${t}."updatedAt" DESC, ${t}.id DESC`;

// Prepared per shape of filters (planning costs more than running these queries; a shape is which
// filters are present, values are parameters); a search's plan does not depend on its words: the walk
// and the index are chosen above, not by the planner.
const run = (text: string, values: unknown[]) => sql().query<Row>({ name: statementName(text), text, values, types: isoTimestampTypes });
