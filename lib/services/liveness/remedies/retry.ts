// The retry budget: a failed run of an issue (failed or timed out; a person's cancel is not a failure)
// wakes its assignee again after a backoff, while the issue's consecutive failures since the last
// success (and since a board user's last change) are within the agent's retryBudget. Past it the
// issue is left for the liveness sweep to report as retries_exhausted, with the last error. A run
// that its agent's configuration failed (no command, a program that cannot start) is not retried at
// all: it would fail the same way, so the sweep reports it (agent_unconfigured, wake_failed) at once.
import { sql, sqlTx } from "@/lib/db/client";
import type { SqlExec } from "@/lib/db/sql-exec";
import { recordActivitySql } from "@/lib/services/activity";
import { requestWake } from "@/lib/services/wakeups";
import { claimRemedy, resetSinceSql, retryBackoffMs, retryBudgetSql } from "@/lib/services/liveness/remedies/claim";
import { configFailedSql } from "@/lib/services/liveness/run-errors";

export type RetryRemedy = "retry_failed_run" | "retry_silent_run";

interface FailedRun {
  companyId: string;
  agentId: string;
  issueId: string;
  identifier: string | null;
  error: string | null;
  budget: number;
  failures: number;
  /** why the run is not retried whatever its budget says; null: the budget decides */
  notRetried: string | null;
}

// Failures in a row for the issue up to this run: since its last success and the board's last change,
// not counting those the agent's configuration caused (never retried, so they spend no budget).
const failedRunSql = `
  SELECT r."companyId"::text AS "companyId", r."agentId"::text AS "agentId", r."issueId"::text AS "issueId", i.identifier, r.error,
         ${retryBudgetSql(`a."runtimeConfig"`)} AS budget,
         (SELECT count(*)::int FROM "HeartbeatRun" f
           WHERE f."companyId" = r."companyId" AND f."issueId" = r."issueId" AND f.status IN ('failed', 'timed_out')
             AND NOT ${configFailedSql("f.error")}
             AND f."createdAt" <= r."createdAt" AND f."createdAt" > ${resetSinceSql("i")}
             AND f."createdAt" > coalesce((SELECT max(s."createdAt") FROM "HeartbeatRun" s
                                             WHERE s."companyId" = r."companyId" AND s."issueId" = r."issueId" AND s.status = 'succeeded'
                                               AND s."createdAt" < r."createdAt"), '-infinity'::timestamptz)) AS failures,
         CASE WHEN i.id IS NULL OR i."assigneeAgentId" IS DISTINCT FROM r."agentId" OR i.status NOT IN ('todo', 'in_progress') THEN 'the issue moved on'
              WHEN r."createdAt" <= ${resetSinceSql("i")} THEN 'a board user changed the issue since'
              WHEN a.status IN ('paused', 'terminated', 'pending_approval') THEN 'the agent cannot run'
              WHEN ${configFailedSql("r.error")} THEN 'the agent''s configuration stopped it: a retry would fail the same way'
         END AS "notRetried"
    FROM "HeartbeatRun" r
    JOIN "Agent" a ON a."companyId" = r."companyId" AND a.id = r."agentId"
    LEFT JOIN "Issue" i ON i."companyId" = r."companyId" AND i.id = r."issueId"
   WHERE r.id = $1::uuid AND r.status IN ('failed', 'timed_out') AND r."issueId" IS NOT NULL`;

/**
 * Queues the retry of a failed run in the caller's transaction (a `retry` wake with its backoff in
 * notBefore), once per run; false when the run is not retried (not failed, budget spent, the issue
 * moved on, the agent's configuration failed it, or another instance decided it first). A run not
 * retried is recorded as such (`retry_declined`), so the periodic catch-up does not select it again.
 */
export async function retryFailedRun(exec: SqlExec, runId: string, remedy: RetryRemedy, why: string): Promise<boolean> {
  const [run] = (await exec(failedRunSql, [runId])) as unknown as FailedRun[];
  if (!run) return false;
  const declined = run.notRetried ?? (run.failures > run.budget ? "the retry budget is spent" : null);
  if (declined) {
    await claimRemedy(exec, { companyId: run.companyId, issueId: run.issueId, kind: "retry_declined", causeKey: runId, details: { runId, why: declined, lastError: run.error } });
    return false;
  }
  const delayMs = retryBackoffMs(run.failures);
  const notBefore = new Date(Date.now() + delayMs);
  const details = { remedy, runId, attempt: run.failures, budget: run.budget, delaySec: Math.round(delayMs / 1000), why, lastError: run.error };
  if (!(await claimRemedy(exec, { companyId: run.companyId, issueId: run.issueId, kind: "retry", causeKey: runId, details }))) return false;
  await requestWake(exec, {
    companyId: run.companyId, agentId: run.agentId, reason: "retry", source: `retry of ${run.identifier}`, issueId: run.issueId, notBefore,
    payload: { remedy, why, ...(run.error ? { lastError: run.error } : {}), taskId: run.issueId },
  });
  await recordActivitySql(exec, null, {
    companyId: run.companyId, action: "issue.retry_scheduled", entityType: "issue", entityId: run.issueId,
    details: { ...details, agentId: run.agentId, notBefore: notBefore.toISOString() },
  });
  return true;
}

/** After a run's finish: a failed or timed-out run is retried within the budget. */
export async function retryAfterFinish(runId: string, status: string | null): Promise<boolean> {
  if (status !== "failed" && status !== "timed_out") return false;
  const why = status === "failed" ? "the run failed" : "the run timed out";
  return sqlTx((exec) => retryFailedRun(exec, runId, "retry_failed_run", why));
}

/**
 * Failed runs of the last few minutes that no retry was decided for (their worker died between the
 * finish and the retry, or the orphan sweep closed them): each is decided now, once, oldest first.
 * A decision either way is recorded, so what was handled is never selected again and `limit` always
 * reaches new ones.
 */
export async function retryMissedFailures(now: Date, limit = 500): Promise<number> {
  const { rows } = await sql().query<{ id: string; status: string }>(
    `SELECT r.id::text, r.status::text FROM "HeartbeatRun" r
      WHERE r.status IN ('failed', 'timed_out') AND r."issueId" IS NOT NULL
        -- a finish sets heartbeatAt: the (status, heartbeatAt) index finds the recent ones
        AND r."heartbeatAt" > $1::timestamptz - interval '15 minutes' AND r."finishedAt" < $1::timestamptz - interval '5 seconds'
        AND NOT EXISTS (SELECT 1 FROM "LivenessRemedy" m WHERE m."issueId" = r."issueId" AND m.kind IN ('retry', 'retry_declined') AND m."causeKey" = r.id::text)
      ORDER BY r."heartbeatAt", r.id
      LIMIT $2`,
    [now, limit],
  );
  let n = 0;
  for (const r of rows) if (await retryAfterFinish(r.id, r.status)) n++;
  return n;
}
