// A run silent past its agent's silence limit (no log or transcript output, no API call with its key)
// is closed as timed out with "silent for N s", its worker told to kill its process, and the issue
// retried within the budget. The run's conditional close decides which instance does it.
import { sql, sqlTx } from "@/lib/db/client";
import { formatSpan } from "@/lib/format";
import { recordActivitySql } from "@/lib/services/activity";
import { finishRun } from "@/lib/runtime/run-records";
import { claimRemedy, remediesMayActSql, silenceLimitSql } from "@/lib/services/liveness/remedies/claim";
import { retryFailedRun } from "@/lib/services/liveness/remedies/retry";

interface SilentRun {
  id: string;
  companyId: string;
  agentId: string;
  issueId: string | null;
  limitSec: number;
  silentSec: number;
}

// running runs only: the (status, heartbeatAt) index; a run's start counts as its first sign of life.
// Not while its company or the instance is paused: a pause in finish mode promises the running runs
// their finish (docs/liveness.md); a hung one still ends at its adapter's timeout.
const silentRunsSql = `
  SELECT r.id::text, r."companyId"::text AS "companyId", r."agentId"::text AS "agentId", r."issueId"::text AS "issueId",
         ${silenceLimitSql(`a."runtimeConfig"`)} AS "limitSec",
         floor(extract(epoch FROM $1::timestamptz - coalesce(r."lastActivityAt", r."startedAt")))::int AS "silentSec"
    FROM "HeartbeatRun" r JOIN "Agent" a ON a."companyId" = r."companyId" AND a.id = r."agentId"
    JOIN "Company" c ON c.id = r."companyId"
   WHERE r.status = 'running' AND coalesce(r."lastActivityAt", r."startedAt") < $1::timestamptz - make_interval(secs => ${silenceLimitSql(`a."runtimeConfig"`)})
     AND ${remediesMayActSql("c")}
   LIMIT 500`;

async function stopSilentRun(run: SilentRun): Promise<boolean> {
  return sqlTx(async (exec) => {
    const error = `silent for ${run.silentSec} s`;
    const status = await finishRun(run.id, { status: "timed_out", exitCode: null, error, logTail: "", logBytes: 0, costCents: 0, onlyIfOpen: true }, exec);
    if (!status) return false;
    // the worker running it kills its process group when it hears this (after commit)
    await exec(`SELECT pg_notify('charter_run_cancel', $1)::text`, [run.id]);
    const details = { runId: run.id, agentId: run.agentId, silentSec: run.silentSec, limitSec: run.limitSec };
    if (!run.issueId) {
      await recordActivitySql(exec, null, { companyId: run.companyId, action: "run.silence_stopped", entityType: "heartbeat_run", entityId: run.id, details });
      return true;
    }
    await claimRemedy(exec, { companyId: run.companyId, issueId: run.issueId, kind: "cancel_silent_run", causeKey: run.id, details });
    await recordActivitySql(exec, null, { companyId: run.companyId, action: "issue.silent_run_stopped", entityType: "issue", entityId: run.issueId, details });
    await retryFailedRun(exec, run.id, "retry_silent_run", `the run was silent for ${formatSpan(run.silentSec)} (limit ${formatSpan(run.limitSec)})`);
    return true;
  });
}

/** Stops every run silent past its limit; returns the ids stopped here. */
export async function stopSilentRuns(now: Date): Promise<string[]> {
  const { rows } = await sql().query<SilentRun>(silentRunsSql, [now]);
  const stopped: string[] = [];
  for (const run of rows) if (await stopSilentRun(run)) stopped.push(run.id);
  return stopped;
}
