// The runs: a wake refused by the wake-loop guard (skipReason wake_loop, written at claim by
// the remedies), a run silent past its agent's silence limit or running past its timeout, the retry
// budget spent (the latest retryBudget + 1 runs since the board's last change all failed, not counting
// failures of the agent's configuration, which are never retried), or the latest run failing before
// its program started (an adapter error). The last two only while nothing is in flight: a retry
// queued with its backoff means the issue is still moving.
import { assigneeFacts, idleSql, type RuleSql } from "@/lib/services/liveness/rules/common";
import { configFailedSql, startFailedSql } from "@/lib/services/liveness/run-errors";

/** Failed runs: failures and silent runs cancelled at their limit. */
const failedRunSql = (status: string, error: string) => `(${status} IN ('failed', 'timed_out') OR (${status} = 'cancelled' AND ${error} LIKE 'silent for %'))`;
/** Runs counted against the retry budget: failed ones, except those the agent's configuration stopped (never retried). */
const countedFailureSql = (status: string, error: string) => `(${failedRunSql(status, error)} AND NOT ${configFailedSql(error)})`;

const wakeLoop = `
  SELECT s.id, 'wake_loop' AS reason, wl.since,
         jsonb_build_object(${assigneeFacts}, 'wakesLastHour',
           (SELECT count(*)::int FROM "HeartbeatRun" r WHERE r."companyId" = $1::uuid AND r."issueId" = s.id
               AND r."createdAt" > GREATEST($2::timestamptz - interval '1 hour', s.reset))) AS facts
    FROM (
      -- refused at claim, soon after the wake was made: the last two hours' wakes hold the last hour's refusals
      SELECT w."issueId", min(w."updatedAt") AS since FROM "WakeRequest" w
       WHERE w.status = 'skipped' AND w."createdAt" > $2::timestamptz - interval '2 hours' AND w."companyId" = $1::uuid
         AND w."skipReason" LIKE 'wake\\_loop%' AND w."updatedAt" > $2::timestamptz - interval '1 hour' AND w."issueId" IS NOT NULL
       GROUP BY w."issueId") wl
    JOIN s ON s.id = wl."issueId" AND wl.since > s.reset`;

const runSilent = `
  SELECT s.id, 'run_silent' AS reason, COALESCE(s."lastActivityAt", s."startedAt") AS since,
         jsonb_build_object('agentId', s."runAgentId", 'agentName', ra.name, 'runId', s."runId",
           'limitSec', CASE WHEN s."startedAt" < $2::timestamptz - make_interval(secs => ra.timeout) THEN ra.timeout ELSE ra.silence END) AS facts
    FROM s LEFT JOIN ag ra ON ra.id = s."runAgentId"
   WHERE s."runStatus" = 'running' AND s."startedAt" IS NOT NULL
     AND (COALESCE(s."lastActivityAt", s."startedAt") < $2::timestamptz - make_interval(secs => ra.silence)
          OR s."startedAt" < $2::timestamptz - make_interval(secs => ra.timeout))`;

const runFailures = `
  SELECT s.id, CASE WHEN f.counted > s.budget THEN 'retries_exhausted' ELSE 'wake_failed' END AS reason, s."finishedAt" AS since,
         jsonb_build_object(${assigneeFacts}, 'runId', s."runId", 'lastError', s.error, 'failedRuns', f.failed) AS facts
    FROM s
    CROSS JOIN LATERAL (
      SELECT count(*) FILTER (WHERE ${failedRunSql("last.status::text", "last.error")})::int AS failed,
             count(*) FILTER (WHERE ${countedFailureSql("last.status::text", "last.error")})::int AS counted
        FROM (
        SELECT r.status, r.error FROM "HeartbeatRun" r WHERE r."companyId" = $1::uuid AND r."issueId" = s.id AND r."createdAt" > s.reset
         ORDER BY r."createdAt" DESC, r.id DESC LIMIT s.budget + 1) last) f
   WHERE s.aid IS NOT NULL AND s.status IN ('todo', 'in_progress') AND s."runAt" > s.reset AND ${idleSql}
     AND ${failedRunSql('s."runStatus"', "s.error")}
     AND (f.counted > s.budget OR (s."runStatus" = 'failed' AND ${startFailedSql("s.error")}))`;

export const runRules: RuleSql[] = [wakeLoop, runSilent, runFailures];
