// A checkout nobody works on: the issue is in progress with an agent, no run of it is queued or
// running, nothing waits to wake it, and nothing happened on it (a change, a comment, a run) for the
// company's staleCheckoutSec. It goes back to todo with its assignee, who is told why by a comment
// (and woken by it), once per checkout.
import { sql, sqlTx } from "@/lib/db/client";
import type { SqlExec } from "@/lib/db/sql-exec";
import { uuidv7 } from "@/lib/ids";
import { formatSpan } from "@/lib/format";
import { recordActivitySql } from "@/lib/services/activity";
import { emitEventSql } from "@/lib/services/outbox/emit";
import { emitIssueChanges, type IssueState } from "@/lib/services/outbox/issue-events";
import { requestWake } from "@/lib/services/wakeups";
import { claimRemedy, remediesMayActSql } from "@/lib/services/liveness/remedies/claim";

interface StaleCheckout extends IssueState {
  agentId: string;
  updatedAt: Date;
  limitSec: number;
  idleSec: number;
}

// per company, through the (companyId, status, …) index; the last sign of life is the newest of the
// issue's own change, its checkout, its last run and its last comment
const staleSql = `
  SELECT s.* FROM "Company" c CROSS JOIN LATERAL (
    SELECT i.id::text, i."companyId"::text AS "companyId", i.identifier, i.title, i.status::text AS status,
           i."assigneeAgentId"::text AS "assigneeAgentId", i."assigneeUserId"::text AS "assigneeUserId",
           i."assigneeAgentId"::text AS "agentId", i."updatedAt", c."staleCheckoutSec" AS "limitSec",
           floor(extract(epoch FROM $1::timestamptz - greatest(i."updatedAt", i."lockedAt", i."livenessResetAt",
             (SELECT max(greatest(r."createdAt", r."finishedAt", r."lastActivityAt")) FROM "HeartbeatRun" r WHERE r."companyId" = i."companyId" AND r."issueId" = i.id),
             (SELECT max(m."createdAt") FROM "IssueComment" m WHERE m."companyId" = i."companyId" AND m."issueId" = i.id))))::int AS "idleSec"
      FROM "Issue" i
     WHERE i."companyId" = c.id AND i.status = 'in_progress' AND i."assigneeAgentId" IS NOT NULL
       AND i."updatedAt" < $1::timestamptz - make_interval(secs => c."staleCheckoutSec")
       AND NOT EXISTS (SELECT 1 FROM "HeartbeatRun" r WHERE r."companyId" = i."companyId" AND r.status IN ('queued', 'running')
                        AND (r."issueId" = i.id OR r.id = i."checkoutRunId"))
       AND NOT EXISTS (SELECT 1 FROM "WakeRequest" w WHERE w."issueId" = i.id AND w.status = 'queued')
  ) s
   WHERE ${remediesMayActSql("c")} AND s."idleSec" > s."limitSec"
   LIMIT 500`;

async function insertNotice(exec: SqlExec, issue: StaleCheckout, body: string): Promise<string> {
  const [row] = await exec(
    `INSERT INTO "IssueComment" (id, "companyId", "issueId", body, "updatedAt") VALUES ($1::uuid, $2::uuid, $3::uuid, $4, now()) RETURNING id::text`,
    [uuidv7(), issue.companyId, issue.id, body],
  );
  const commentId = row.id as string;
  await emitEventSql(exec, null, {
    companyId: issue.companyId, type: "comment.created", subject: { type: "issue", id: issue.id },
    data: { issueId: issue.id, identifier: issue.identifier, title: issue.title, commentId, authorAgentId: null, authorUserId: null, excerpt: body.slice(0, 500) },
  });
  return commentId;
}

async function release(issue: StaleCheckout): Promise<boolean> {
  return sqlTx(async (exec) => {
    // unchanged since it was read: a person's (or the agent's) change meanwhile is a new situation
    const done = await exec(
      `UPDATE "Issue" SET status = 'todo', "checkoutRunId" = NULL, "lockedAt" = NULL, "updatedAt" = now()
        WHERE "companyId" = $1::uuid AND id = $2::uuid AND status = 'in_progress' AND "assigneeAgentId" = $3::uuid AND "updatedAt" = $4::timestamptz
       RETURNING id`,
      [issue.companyId, issue.id, issue.agentId, issue.updatedAt],
    );
    const causeKey = `${issue.agentId}:${issue.updatedAt.toISOString()}`;
    const details = { agentId: issue.agentId, idleSec: issue.idleSec, limitSec: issue.limitSec, from: "in_progress", to: "todo" };
    if (done.length === 0) return false;
    // the conditional update already made this the only release of this checkout; the claim records it
    await claimRemedy(exec, { companyId: issue.companyId, issueId: issue.id, kind: "release_stale_checkout", causeKey, details });
    const commentId = await insertNotice(exec, issue,
      `Charter released this issue's checkout: no run and no activity on it for ${formatSpan(issue.idleSec)} (the company's limit is ${formatSpan(issue.limitSec)}). ` +
      `It is back in todo and still assigned to you: check it out again to continue, or release it if you cannot.`);
    await recordActivitySql(exec, null, { companyId: issue.companyId, action: "issue.stale_checkout_released", entityType: "issue", entityId: issue.id, details: { ...details, commentId } });
    await emitIssueChanges(exec, null, issue, { ...issue, status: "todo" });
    await requestWake(exec, {
      companyId: issue.companyId, agentId: issue.agentId, reason: "mention", source: `comment on ${issue.identifier}`, issueId: issue.id, commentId,
      payload: { taskId: issue.id, wakeCommentId: commentId, wakeReason: "mention" },
    });
    return true;
  });
}

/** Releases every stale checkout; returns the issue ids released here. */
export async function releaseStaleCheckouts(now: Date): Promise<string[]> {
  const { rows } = await sql().query<StaleCheckout>(staleSql, [now]);
  const released: string[] = [];
  for (const issue of rows) if (await release(issue)) released.push(issue.id);
  return released;
}
