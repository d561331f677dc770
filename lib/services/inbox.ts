// The board user's inbox: what needs this person's attention in one company, newest first. Items
// are derived from the rows themselves (nothing is queued per user), so an approval decided or an
// issue unblocked simply leaves the inbox. Each kind is a branch of a UNION ALL read in index order
// where there is one, and the branches are merged lazily (Merge Append): a page reads about a page
// of rows per kind, whatever the company's size.
//
// Read marks (InboxRead, per user) are times: an item is read when a mark of its key, or the user's
// "mark all read" mark (key '*'), is at least as new as the item's last change. So an issue updated,
// an approval resubmitted or an agent paused again comes back unread, and "mark all read" is one row.
import { isoTimestampTypes, sql, statementName } from "@/lib/db/client";
import { requireBoard } from "@/lib/auth/permissions";
import { decodeCursor, toPage, type ListQuery, type OrderField } from "@/lib/http/pagination";
import { inboxItemDto, type InboxRow } from "@/lib/dto/inbox-items";
import { UNREAD_COUNT_CAP, type BoardInboxQuery, type InboxCount, type InboxItemKind, type MarkInboxInput } from "@/lib/schemas/inbox";
import { getCompanyOrThrow } from "@/lib/services/company-scope";
import type { ServiceContext, Tx } from "@/lib/services/context";
import { budgetPauseScopeSql } from "@/lib/services/budgets";
import { REVIEW_ROUNDS } from "@/lib/services/verifications/review";

/** How far back the kinds that are events, not states, reach. */
const INBOX_WINDOWS = { failedRunsDays: 14, mentionsDays: 30, routineRunsDays: 14 } as const;

/** The largest page: each branch's own LIMIT is this constant (an unknown LIMIT spoils kept plans). */
const BRANCH_LIMIT = 501;

/** The key of the "mark all read" mark. */
const ALL = "*";

/**
 * One kind of item, as SQL over $1 companyId and $2 userId: its id, key, time (the order and the
 * cursor) and last change (what a read mark must reach; the time unless said), and its rows.
 */
interface Source {
  kind: InboxItemKind;
  id: string;
  key: string;
  at: string;
  changed?: string;
  /** for a `changed` off the index: an indexed condition that every item changed after `since` meets */
  changedAfter?: (since: string) => string;
  from: string;
  where: string;
}

const issueBlocked = (priority: string): Source => ({
  kind: "issue_blocked", id: "i.id", key: `'blocked:' || i.id`, at: `i."updatedAt"`,
  from: `"Issue" i`, where: `i."companyId" = $1 AND i.status = 'blocked' AND i.priority = '${priority}'`,
});

/**
 * A routine's fire that needs someone: failed (its issue was cancelled), or skipped because its agent
 * was paused or every instance was down. Only the newest of its kind per routine, and none once the
 * routine has fired well since, so a paused agent's every-minute routine is one item, not hundreds.
 * Skips while the routine's own issue is open, or while the routine is paused, are its rules working.
 */
const routineRun = (status: "failed" | "skipped", reason: "assignee_paused" | "missed_window" | null): Source => ({
  kind: "routine_run", id: "rr.id", key: `'routine:' || rr.id`, at: `rr."updatedAt"`,
  from: `"RoutineRun" rr`,
  where: `rr."companyId" = $1 AND rr.status = '${status}' AND rr.reason ${reason ? `= '${reason}'` : "IS NULL"}
    AND rr."updatedAt" >= now() - interval '${INBOX_WINDOWS.routineRunsDays} days'
    AND NOT EXISTS (SELECT 1 FROM "RoutineRun" n WHERE n."companyId" = $1 AND n."routineId" = rr."routineId" AND n."createdAt" > rr."createdAt"
      AND (n.status IN ('issue_created', 'coalesced', 'completed') OR (n.status = rr.status AND n.reason IS NOT DISTINCT FROM rr.reason)))`,
});

const sources: Source[] = [
  {
    // a question an agent asked the board, while it waits for an answer
    kind: "question", id: "qq.id", key: `'question:' || qq.id`, at: `qq."createdAt"`,
    from: `"Question" qq`, where: `qq."companyId" = $1 AND qq.status = 'open'`,
  },
  {
    kind: "approval", id: "a.id", key: `'approval:' || a.id`, at: `a."updatedAt"`,
    from: `"Approval" a`, where: `a."companyId" = $1 AND a.status = 'pending'`,
  },
  {
    // ordered by when the run was queued (the index), read by when it ended
    kind: "run_failed", id: "r.id", key: `'run:' || r.id`, at: `r."createdAt"`, changed: `COALESCE(r."finishedAt", r."createdAt")`,
    // a run ends within its timeout (at most a day, lib/runtime/config.ts) and a grace after it starts
    changedAfter: (since) => `r."createdAt" > ${since} - interval '2 days'`,
    from: `"HeartbeatRun" r`,
    where: `r."companyId" = $1 AND r.status IN ('failed', 'timed_out') AND r."createdAt" >= now() - interval '${INBOX_WINDOWS.failedRunsDays} days'`,
  },
  // one branch per priority: each reads the (companyId, status, priority, updatedAt, id) index in time
  // order and stops after a page, where one branch over all priorities sorted every blocked issue
  ...["critical", "high", "medium", "low"].map(issueBlocked),
  {
    // a blocked issue of yours is already an issue_blocked item
    kind: "issue_assigned", id: "i.id", key: `'assigned:' || i.id`, at: `i."updatedAt"`,
    from: `"Issue" i`, where: `i."companyId" = $1 AND i."assigneeUserId" = $2 AND i.status NOT IN ('blocked', 'done', 'cancelled')`,
  },
  {
    kind: "mention", id: `m."commentId"`, key: `'mention:' || m."commentId"`, at: `m."createdAt"`,
    from: `"CommentMention" m`,
    where: `m."companyId" = $1 AND m."userId" = $2 AND m."createdAt" >= now() - interval '${INBOX_WINDOWS.mentionsDays} days'`,
  },
  {
    kind: "agent_paused", id: "g.id", key: `'paused:' || g.id`, at: `g."updatedAt"`,
    from: `"Agent" g`, where: `g."companyId" = $1 AND g.status = 'paused' AND g."pauseReason" IN ('budget', 'loop')`,
  },
  // one branch per (status, reason): each reads the (companyId, status, reason, updatedAt) index in time order
  routineRun("failed", null), routineRun("skipped", "assignee_paused"), routineRun("skipped", "missed_window"),
  {
    // an issue's workspace that could not be made: its runs fail until someone fixes the cause
    kind: "workspace_error", id: "e.id", key: `'workspace:' || e.id`, at: `e."errorAt"`,
    from: `"ExecutionWorkspace" e`, where: `e."companyId" = $1 AND e.error IS NOT NULL AND e."errorAt" IS NOT NULL AND e.state = 'active'`,
  },
  {
    // a closed issue's work that the retention sweep would not remove (few rows: no index of its own)
    kind: "workspace_kept", id: "ew.id", key: `'kept:' || ew.id`, at: `ew."updatedAt"`,
    from: `"ExecutionWorkspace" ew`,
    // an issue reopened meanwhile is being worked again: its next run makes the workspace active
    where: `ew."companyId" = $1 AND ew.state = 'kept' AND EXISTS (SELECT 1 FROM "Issue" ki
      WHERE ki."companyId" = $1 AND ki.id = ew."issueId" AND ki.status IN ('done', 'cancelled'))`,
  },
  {
    // an open issue's newest verification failed: gone once another one starts or the issue closes
    kind: "verification_failed", id: "v.id", key: `'verification:' || v.id`, at: `v."startedAt"`, changed: `COALESCE(v."finishedAt", v."startedAt")`,
    from: `"Verification" v`,
    where: `v."companyId" = $1 AND v.status IN ('failed', 'timed_out')
      AND NOT EXISTS (SELECT 1 FROM "Verification" n WHERE n."companyId" = $1 AND n."issueId" = v."issueId" AND n."startedAt" > v."startedAt")
      AND EXISTS (SELECT 1 FROM "Issue" vi WHERE vi."companyId" = $1 AND vi.id = v."issueId" AND vi.status NOT IN ('done', 'cancelled'))`,
  },
  {
    // the reviewer's newest verdict asked for changes for the REVIEW_ROUNDS-th time and the issue still waits in review
    kind: "review_escalated", id: "rv.id", key: `'review:' || rv.id`, at: `rv."createdAt"`,
    from: `"IssueReview" rv`,
    where: `rv."companyId" = $1 AND rv.verdict = 'request_changes'
      AND NOT EXISTS (SELECT 1 FROM "IssueReview" n WHERE n."companyId" = $1 AND n."issueId" = rv."issueId" AND (n."createdAt", n.id) > (rv."createdAt", rv.id))
      AND (SELECT count(*) FROM "IssueReview" c WHERE c."companyId" = $1 AND c."issueId" = rv."issueId" AND c.verdict = 'request_changes') >= ${REVIEW_ROUNDS}
      AND EXISTS (SELECT 1 FROM "Issue" ri WHERE ri."companyId" = $1 AND ri.id = rv."issueId" AND ri.status = 'in_review')`,
  },
  {
    // an issue the liveness sweep handed to the board (its manager was told and it still does not move,
    // or it has no manager who can act); gone once it moves. Few rows per company: the company's index.
    // One key per stall (its issue and when the board was told), so a later stall of the issue is a new
    // item whatever was marked before; a stall restored after a person's change keeps its report time.
    kind: "stalled", id: `st."issueId"`, key: `'stalled:' || st."issueId" || ':' || (extract(epoch FROM st."reportedToBoardAt") * 1000)::bigint`,
    at: `st."reportedToBoardAt"`,
    from: `"IssueStall" st`, where: `st."companyId" = $1 AND st."reportedToBoardAt" IS NOT NULL`,
  },
  {
    // few rows per company: no index of its own
    kind: "webhook_disabled", id: "wh.id", key: `'webhook:' || wh.id`, at: `wh."disabledAt"`,
    from: `"WebhookSubscription" wh`, where: `wh."companyId" = $1 AND NOT wh.enabled AND wh."disabledAt" IS NOT NULL`,
  },
];

/** The user's "mark all read" time, one row (-infinity without one); statements name it `w`. */
const since = `w AS (SELECT COALESCE((SELECT x."readAt" FROM "InboxRead" x
  WHERE x."companyId" = $1 AND x."userId" = $2 AND x."itemKey" = '${ALL}'), '-infinity') AS since)`;

/** The one rule of read, over `w`: marked read (all, or this key) at or after the item's last change. */
function isRead(s: Pick<Source, "key" | "at" | "changed">): string {
  const changed = s.changed ?? s.at;
  return `(${changed} <= (SELECT since FROM w) OR EXISTS (SELECT 1 FROM "InboxRead" x
    WHERE x."companyId" = $1 AND x."userId" = $2 AND x."itemKey" = ${s.key} AND x."readAt" >= ${changed}))`;
}

/**
 * The page statement over $1 companyId, $2 userId, $3 kind (null: all), $4 unread only, $5/$6 the
 * cursor's time and key ('infinity' and '' on the first page), $7 the page size + 1. The page is cut
 * from the merged branches first; names and titles are looked up for its rows only.
 */
const branch = (s: Source) => `(SELECT '${s.kind}'::text AS kind, ${s.id} AS id, ${s.key} AS key, ${s.at} AS at, ${isRead(s)} AS read
     FROM ${s.from}
     WHERE ${s.where} AND ($3::text IS NULL OR $3::text = '${s.kind}') AND ${s.at} <= $5::timestamptz AND (${s.at}, ${s.key}) < ($5::timestamptz, $6::text)
       AND NOT ($4::boolean AND ${isRead(s)})
     ORDER BY 4 DESC, 3 DESC LIMIT ${BRANCH_LIMIT})`;

const pageStatement = `WITH ${since}, page AS (
  SELECT * FROM (${sources.map(branch).join("\n  UNION ALL ")}) u ORDER BY at DESC, key DESC LIMIT $7)
SELECT p.kind, p.key, p.at, p.read, d.*
  FROM page p
  -- LIMIT 1 keeps this a per-row lookup by primary key; joined flat, the planner (not knowing the
  -- page's size) hashed whole tables of comments and approvals
  CROSS JOIN LATERAL (
    SELECT ap.type::text AS "approvalType", ap.payload->>'name' AS "hireName",
           r.status::text AS "runStatus", left(r.error, 300) AS "runError",
           i.identifier, i.title AS "issueTitle", i.status::text AS "issueStatus", left(c.body, 300) AS "commentBody",
           g.name AS "agentName", g."urlKey" AS "agentUrlKey", g."pauseReason"::text AS "pauseReason",
           CASE WHEN p.kind = 'agent_paused' AND g."pauseReason" = 'budget' THEN ${budgetPauseScopeSql("$1", "g.id")} END AS "budgetScope", u.name AS "userName",
           rr.status::text AS "routineRunStatus", rr.reason::text AS "routineRunReason", rr.source::text AS "routineRunSource",
           rr."routineId" AS "routineId", ro.name AS "routineName", left(ew.error, 300) AS "workspaceError",
           ew.branch AS "workspaceBranch", ew."keptReason" AS "keptReason",
           vf.status::text AS "verificationStatus", left(vf.error, 300) AS "verificationError", left(rv.comment, 300) AS "reviewComment",
           left(qq.prompt, 300) AS "questionPrompt", wh.url AS "webhookUrl",
           st.reason::text AS "stallReason", st.since AS "stallSince", st.facts AS "stallFacts"
      FROM (SELECT 1) one
      LEFT JOIN "Approval" ap ON p.kind = 'approval' AND ap.id = p.id AND ap."companyId" = $1
      LEFT JOIN "HeartbeatRun" r ON p.kind = 'run_failed' AND r.id = p.id AND r."companyId" = $1
      LEFT JOIN "IssueComment" c ON p.kind = 'mention' AND c.id = p.id AND c."companyId" = $1
      LEFT JOIN "RoutineRun" rr ON p.kind = 'routine_run' AND rr.id = p.id AND rr."companyId" = $1
      LEFT JOIN "Routine" ro ON ro."companyId" = $1 AND ro.id = rr."routineId"
      LEFT JOIN "ExecutionWorkspace" ew ON p.kind IN ('workspace_error', 'workspace_kept') AND ew.id = p.id AND ew."companyId" = $1
      LEFT JOIN "Verification" vf ON p.kind = 'verification_failed' AND vf.id = p.id AND vf."companyId" = $1
      LEFT JOIN "IssueReview" rv ON p.kind = 'review_escalated' AND rv.id = p.id AND rv."companyId" = $1
      LEFT JOIN "Question" qq ON p.kind = 'question' AND qq.id = p.id AND qq."companyId" = $1
      LEFT JOIN "WebhookSubscription" wh ON p.kind = 'webhook_disabled' AND wh.id = p.id AND wh."companyId" = $1
      LEFT JOIN "IssueStall" st ON p.kind = 'stalled' AND st."issueId" = p.id AND st."companyId" = $1
      LEFT JOIN "Issue" i ON i."companyId" = $1 AND i.id = CASE WHEN p.kind = 'mention' THEN c."issueId" WHEN p.kind LIKE 'issue_%' OR p.kind = 'stalled' THEN p.id
           WHEN p.kind = 'routine_run' THEN rr."issueId" WHEN p.kind IN ('workspace_error', 'workspace_kept') THEN ew."issueId"
           WHEN p.kind = 'verification_failed' THEN vf."issueId"
           WHEN p.kind = 'review_escalated' THEN rv."issueId" WHEN p.kind = 'question' THEN qq."issueId" END
      LEFT JOIN "Agent" g ON g."companyId" = $1 AND g.id = CASE p.kind WHEN 'agent_paused' THEN p.id WHEN 'run_failed' THEN r."agentId"
           WHEN 'approval' THEN ap."requestedByAgentId" WHEN 'mention' THEN c."authorAgentId" WHEN 'issue_blocked' THEN i."assigneeAgentId"
           WHEN 'routine_run' THEN ro."assigneeAgentId" WHEN 'review_escalated' THEN rv."reviewerAgentId"
           WHEN 'question' THEN qq."askedByAgentId" END
      LEFT JOIN "User" u ON u.id = CASE p.kind WHEN 'approval' THEN ap."requestedByUserId" WHEN 'mention' THEN c."authorUserId" WHEN 'question' THEN qq."askedByUserId" END
     LIMIT 1) d
 ORDER BY p.at DESC, p.key DESC`;

/**
 * One statement for the side bar: pending approvals, and unread items up to the cap (the Append
 * stops there). Only items changed after "mark all read" are looked at, by index where there is one.
 */
const unreadBranch = (s: Source) => `SELECT 1 FROM ${s.from}
  WHERE ${s.where} AND ${s.changed ?? s.at} > (SELECT since FROM w) ${s.changedAfter ? `AND ${s.changedAfter("(SELECT since FROM w)")}` : ""} AND NOT ${isRead(s)}`;
const countStatement = `WITH ${since} SELECT
  (SELECT count(*) FROM "Approval" a WHERE a."companyId" = $1 AND a.status = 'pending')::int AS "pendingApprovals",
  (SELECT count(*) FROM (SELECT 1 FROM (${sources.map(unreadBranch).join("\n UNION ALL ")}) k LIMIT ${UNREAD_COUNT_CAP}) c)::int AS unread`;

/** Every mark is subsumed by a newer "all" mark, so marking all read leaves one row. */
const markAllStatement = `WITH gone AS (DELETE FROM "InboxRead" WHERE "companyId" = $1 AND "userId" = $2 AND "itemKey" <> '${ALL}')
  INSERT INTO "InboxRead" ("companyId", "userId", "itemKey", "readAt") VALUES ($1, $2, '${ALL}', now())
  ON CONFLICT ("companyId", "userId", "itemKey") DO UPDATE SET "readAt" = now()`;

const markStatement = `INSERT INTO "InboxRead" ("companyId", "userId", "itemKey", "readAt")
  SELECT $1, $2, k, now() FROM unnest($3::text[]) k
  ON CONFLICT ("companyId", "userId", "itemKey") DO UPDATE SET "readAt" = now()`;

export const inboxStatements = { page: pageStatement, count: countStatement } as const;

/**
 * Someone who joins a company starts with everything before that moment read: their "mark all read"
 * mark is the joining transaction's time, so only what changes after they joined is unread.
 */
export async function startInboxAtJoin(tx: Tx, companyId: string, userId: string): Promise<void> {
  await tx.$executeRawUnsafe(markAllStatement, companyId, userId);
}

async function run<R>(text: string, values: unknown[]): Promise<R[]> {
  const { rows } = await sql().query({ name: statementName(text), text, values, types: isoTimestampTypes });
  return rows as R[];
}

/** The company and the signed-in board user the inbox belongs to; agents have their own (403). */
async function inboxOwner(ctx: ServiceContext, companyRef: string) {
  const company = await getCompanyOrThrow(ctx, companyRef, "company.read");
  requireBoard(ctx.actor, "The inbox is a board user's: agents read GET /api/agents/me/inbox");
  return { company, userId: ctx.actor.userId };
}

const order: readonly OrderField<"at" | "key">[] = [["at", "desc", "date"], ["key", "desc", "text"]];

/** The values of the page statement for a query (the cursor decoded: a forged one is a 400). */
export function pageValues(companyId: string, userId: string, query: BoardInboxQuery & ListQuery): unknown[] {
  const [at, key] = query.cursor ? decodeCursor(query.cursor, order.map((o) => o[2])) : ["infinity", ""];
  return [companyId, userId, query.kind ?? null, query.unread === "true", at, key, query.limit + 1];
}

export async function listBoardInbox(ctx: ServiceContext, companyRef: string, query: BoardInboxQuery & ListQuery) {
  const { company, userId } = await inboxOwner(ctx, companyRef);
  const rows = await run<InboxRow>(pageStatement, pageValues(company.id, userId, query));
  return toPage(rows, query.limit, order, (row) => inboxItemDto(row, company.issuePrefix));
}

async function countFor(companyId: string, userId: string): Promise<InboxCount> {
  const [row] = await run<InboxCount>(countStatement, [companyId, userId]);
  return { unread: row.unread, pendingApprovals: row.pendingApprovals };
}

export async function boardInboxCount(ctx: ServiceContext, companyRef: string): Promise<InboxCount> {
  const { company, userId } = await inboxOwner(ctx, companyRef);
  return countFor(company.id, userId);
}

/** Marks items read for this user only (no activity row: a read mark is personal); answers the new count. */
export async function markInboxRead(ctx: ServiceContext, companyRef: string, input: MarkInboxInput): Promise<InboxCount> {
  const { company, userId } = await inboxOwner(ctx, companyRef);
  if ("all" in input) await run(markAllStatement, [company.id, userId]);
  else await run(markStatement, [company.id, userId, [...new Set(input.keys)]]);
  return countFor(company.id, userId);
}
