// The wake-loop guard, at claim: an issue that already had its company's wakeCapPerHour runs in the
// last hour (since a board user's last change to it) gets no more; the wake is skipped with reason
// `wake_loop`, which the liveness sweep reports. Recorded once per stretch (keyed by the oldest run
// of the hour), so a looping issue does not flood the activity log.
import type { SqlExec } from "@/lib/db/sql-exec";
import { recordActivitySql } from "@/lib/services/activity";
import { claimRemedy, resetSinceSql } from "@/lib/services/liveness/remedies/claim";

/** The skipReason of a wake the guard stopped (the sweep's wake_loop reason looks for it). */
const WAKE_LOOP_SKIP = "wake_loop";

const windowSql = `
  SELECT count(*)::int AS runs, min(r.id::text) AS "oldestRunId", c."wakeCapPerHour" AS cap
    FROM "Issue" i JOIN "Company" c ON c.id = i."companyId"
    LEFT JOIN "HeartbeatRun" r ON r."companyId" = i."companyId" AND r."issueId" = i.id
         AND r."createdAt" > greatest(now() - interval '1 hour', ${resetSinceSql("i")})
   WHERE i."companyId" = $1::uuid AND i.id = $2::uuid
   GROUP BY c."wakeCapPerHour"`;

/** `wake_loop` when a wake for the issue must be skipped (recording it the first time), else null. */
export async function wakeLoopSkip(exec: SqlExec, companyId: string, issueId: string | null, wakeId: string): Promise<string | null> {
  if (!issueId) return null;
  const [w] = (await exec(windowSql, [companyId, issueId])) as unknown as { runs: number; oldestRunId: string | null; cap: number }[];
  if (!w || w.runs < w.cap || !w.oldestRunId) return null;
  const details = { runs: w.runs, cap: w.cap, wakeId };
  if (await claimRemedy(exec, { companyId, issueId, kind: "wake_loop", causeKey: w.oldestRunId, details })) {
    await recordActivitySql(exec, null, { companyId, action: "issue.wake_loop_stopped", entityType: "issue", entityId: issueId, details });
  }
  return WAKE_LOOP_SKIP;
}
