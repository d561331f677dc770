// GET /api/companies/:companyId/issues: every filter of the spec, priority order (critical first,
// then most recently updated), keyset pagination, and `q` through the trigram indexes. Hand-written
// SQL on the shared pool: this is the list every agent reads every heartbeat.
import { createHash } from "node:crypto";
import type { Issue } from "@/lib/generated/prisma/client";
import { sql } from "@/lib/db/client";
import { decodeCursor, toPage, type ListQuery, type OrderField } from "@/lib/http/pagination";
import { issueDto } from "@/lib/dto/issues";
import { validationError } from "@/lib/http/errors";
import type { ListIssuesQuery } from "@/lib/schemas/issues";
import type { ServiceContext } from "@/lib/services/context";
import { getCompanyOrThrow } from "@/lib/services/companies";

const order: readonly OrderField<"priority" | "updatedAt" | "id">[] = [["priority", "asc", "text"], ["updatedAt", "desc", "date"], ["id", "desc", "uuid"]];
const priorities = new Set(["critical", "high", "medium", "low"]);

/** `%q%` for ILIKE with the user's own % and _ taken literally. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listIssues(ctx: ServiceContext, companyRef: string, query: ListIssuesQuery & ListQuery) {
  const company = await getCompanyOrThrow(ctx, companyRef, "work.read");
  const params: unknown[] = [company.id];
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
  if (query.q) {
    const like = p(likePattern(query.q));
    where.push(`i.id IN (
      SELECT s.id FROM "Issue" s WHERE s."companyId" = $1 AND (s."identifier" || ' ' || s."title" || ' ' || s."description") ILIKE ${like}
      UNION SELECT c."issueId" FROM "IssueComment" c WHERE c."companyId" = $1 AND c.body ILIKE ${like})`);
  }
  if (query.cursor) {
    const [prio, updatedAt, id] = decodeCursor(query.cursor, order.map((o) => o[2]));
    if (!priorities.has(String(prio))) throw validationError("cursor", "invalid cursor");
    const [pp, pu, pi] = [p(prio), p(updatedAt), p(id)];
    where.push(`(i.priority > ${pp}::"IssuePriority" OR (i.priority = ${pp}::"IssuePriority" AND (i."updatedAt" < ${pu} OR (i."updatedAt" = ${pu} AND i.id < ${pi}::uuid))))`);
  }
  const text = `SELECT i.*, ARRAY(SELECT l."labelId"::text FROM "IssueLabel" l WHERE l."companyId" = i."companyId" AND l."issueId" = i.id) AS "labelIds"
       FROM "Issue" i
      WHERE ${where.join(" AND ")}
      ORDER BY i.priority ASC, i."updatedAt" DESC, i.id DESC
      LIMIT ${p(query.limit + 1)}`;
  // prepared per shape of filters: planning costs more than running this query
  const name = `issues-${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
  const { rows } = await sql().query<Issue & { labelIds: string[] }>({ name, text, values: params });
  return toPage(rows, query.limit, order, issueDto);
}
