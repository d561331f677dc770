// GET /api/agents/me/inbox ('Mine'): the calling agent's open work. Its assigned issues in todo,
// in_progress or blocked; in_progress first (finish what was started), then priority (critical
// first), then the oldest update first (what waited longest), then id for a stable keyset. Each item
// is the issue as the issue list writes it, plus lastCommentAt and newCommentsSinceLastRun.
// One statement, read every heartbeat: with an agent key it also authenticates the key.
import { isoTimestampTypes, sql, statementName } from "@/lib/db/client";
import { agentKeyAuthenticates } from "@/lib/auth/actor";
import { decodeCursor, keysetSql, MAX_LIMIT, toJsonPage, type JsonPage, type ListQuery, type OrderField } from "@/lib/http/pagination";
import { AppError, forbidden, validationError } from "@/lib/http/errors";
import { issueJsonColumns } from "@/lib/dto/issues";
import { inboxExtraColumns, inboxItemJson, type InboxRow } from "@/lib/dto/inbox";
import { inboxStatuses, type InboxQuery } from "@/lib/schemas/issues";
import { jsonColumns } from "@/lib/services/issues/list";
import type { ServiceContext } from "@/lib/services/context";

type OrderName = "statusRank" | "priority" | "updatedAt" | "id";
const order: readonly OrderField<OrderName>[] = [["statusRank", "asc", "int"], ["priority", "asc", "text"], ["updatedAt", "asc", "date"], ["id", "asc", "uuid"]];
const priorities = new Set(["critical", "high", "medium", "low"]);
const statusRank = `(CASE WHEN i.status = 'in_progress' THEN 0 ELSE 1 END)`;

/** A one-row relation of the caller's "agentId", "companyId" and "runId" (null for a plain API key), over $1…. */
interface Caller {
  sql: string;
  values: unknown[];
}

const callerOfKey = (keyDigest: string): Caller => ({
  sql: `SELECT a.id AS "agentId", a."companyId", k."runId" FROM "AgentKey" k JOIN "Agent" a ON a.id = k."agentId" AND a."companyId" = k."companyId"
         WHERE k."tokenHash" = $1 AND ${agentKeyAuthenticates}`,
  values: [keyDigest],
});

const callerOfAgent = (agentId: string, companyId: string, runId: string | null): Caller => ({
  sql: `SELECT $1::uuid AS "agentId", $2::uuid AS "companyId", $3::uuid AS "runId"`,
  values: [agentId, companyId, runId],
});

/**
 * When this agent's last run on the issue started: its runs named by the issue (HeartbeatRun.issueId),
 * not counting the run that is asking (its comments are what it woke for, so they are still news).
 */
const lastRunStarted = `(SELECT max(r."startedAt") FROM "HeartbeatRun" r
   WHERE r."companyId" = i."companyId" AND r."issueId" = i.id AND r."agentId" = c."agentId" AND r.id IS DISTINCT FROM c."runId")`;

const commentsOf = `FROM "IssueComment" m WHERE m."companyId" = i."companyId" AND m."issueId" = i.id`;

/**
 * The inbox statement: rows as arrays of issueJsonColumns then inboxExtraColumns; one row of nulls
 * when the caller has no such issue, none when the key does not authenticate. The page's size is a
 * constant inside the lateral join and the parameter outside (as the agent-key issue list: an unknown
 * inner LIMIT made PostgreSQL plan every call anew). The lateral join is a nested loop over the one
 * caller row, so the page keeps the inner order, and the outer LIMIT stops it pulling rows: the
 * per-issue subqueries (labels, comments, runs) run for the page's rows only (an ORDER BY outside
 * made them run for all 501). Throws the cursor's AppError.
 */
export function inboxStatement(caller: Caller, query: InboxQuery & ListQuery) {
  const params = [...caller.values];
  const p = (v: unknown) => `$${params.push(v)}`;
  const where = [`i."companyId" = c."companyId"`, `i."assigneeAgentId" = c."agentId"`, `i.status = ANY(${p(query.status ?? inboxStatuses)}::"IssueStatus"[])`];
  if (query.cursor) {
    const values = decodeCursor(query.cursor, order.map((o) => o[2]));
    if ((values[0] !== 0 && values[0] !== 1) || !priorities.has(String(values[1]))) throw validationError("cursor", "invalid cursor");
    where.push(keysetSql(order, [{ sql: statusRank, cast: "int" }, { sql: "i.priority", cast: '"IssuePriority"' }, { sql: 'i."updatedAt"', cast: "timestamptz" }, { sql: "i.id", cast: "uuid" }], values, p));
  }
  const text = `WITH c AS (${caller.sql})
    SELECT page.* FROM c LEFT JOIN LATERAL (
      SELECT ${jsonColumns("i")},
             (SELECT max(m."createdAt") ${commentsOf}) AS "lastCommentAt",
             EXISTS (SELECT 1 ${commentsOf} AND m."authorAgentId" IS DISTINCT FROM c."agentId"
                       AND m."createdAt" > COALESCE(${lastRunStarted}, '-infinity')) AS "newCommentsSinceLastRun",
             ${statusRank} AS "statusRank"
        FROM "Issue" i WHERE ${where.join(" AND ")}
       ORDER BY ${statusRank}, i.priority, i."updatedAt", i.id LIMIT ${MAX_LIMIT + 1}) page ON true
     LIMIT ${p(query.limit + 1)}`;
  return { text, values: params };
}

const columns: readonly string[] = [...issueJsonColumns, ...inboxExtraColumns];
const ID = columns.indexOf("id");

async function readInbox(caller: Caller, query: InboxQuery & ListQuery): Promise<JsonPage | null> {
  const statement = inboxStatement(caller, query);
  const { rows } = await sql().query<InboxRow>({ ...statement, name: statementName(statement.text), types: isoTimestampTypes, rowMode: "array" });
  if (rows.length === 0) return null;
  const page = rows[0][ID] === null ? [] : rows;
  return toJsonPage(page, query.limit, order, (r, name) => r[columns.indexOf(name)], inboxItemJson);
}

export async function listInbox(ctx: ServiceContext, query: InboxQuery & ListQuery): Promise<JsonPage> {
  const { actor } = ctx;
  if (actor.kind !== "agent") throw forbidden("/api/agents/me/inbox is the calling agent's inbox: call it with an agent API key");
  const page = await readInbox(callerOfAgent(actor.agentId, actor.companyId, actor.runId), query);
  if (!page) throw new Error("the inbox's caller row is missing"); // a VALUES row is always there
  return page;
}

/**
 * The inbox for an agent key (its digest), authenticated in the same statement. null: the key does
 * not authenticate (401); undefined: a malformed cursor, whose 400 the general path gives after
 * authenticating.
 */
export async function inboxByAgentKey(keyDigest: string, query: InboxQuery & ListQuery): Promise<JsonPage | null | undefined> {
  try {
    return await readInbox(callerOfKey(keyDigest), query);
  } catch (e) {
    if (e instanceof AppError) return undefined;
    throw e;
  }
}
