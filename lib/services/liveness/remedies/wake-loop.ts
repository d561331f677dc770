// The wake-loop guard, at claim: an issue that already had its company's wakeCapPerHour runs in the
// last hour (since a board user's last change to it) gets no more; a wake for it is skipped with
// reason `wake_loop`, which the liveness sweep reports. Recorded once per stretch (keyed by the oldest
// run of the hour), so a looping issue does not flood the activity log. Wakes of other issues that
// were coalesced with it keep their place: only the capped issue's wakes are refused.
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

/** Whether the issue is past its cap (recording it the first time in the stretch). */
async function capped(exec: SqlExec, companyId: string, issueId: string, wakeId: string): Promise<boolean> {
  const [w] = (await exec(windowSql, [companyId, issueId])) as unknown as { runs: number; oldestRunId: string | null; cap: number }[];
  if (!w || w.runs < w.cap || !w.oldestRunId) return false;
  const details = { runs: w.runs, cap: w.cap, wakeId };
  if (await claimRemedy(exec, { companyId, issueId, kind: "wake_loop", causeKey: w.oldestRunId, details })) {
    await recordActivitySql(exec, null, { companyId, action: "issue.wake_loop_stopped", entityType: "issue", entityId: issueId, details });
  }
  return true;
}

// the wakes coalesced into a queued one and not yet run: they run with it (lib/runtime/queue.ts)
const coalescedSql = `
  SELECT id::text, "issueId"::text AS "issueId" FROM "WakeRequest"
   WHERE "companyId" = $1::uuid AND "agentId" = $2::uuid AND status = 'coalesced' AND "coalescedIntoId" = $3::uuid AND "runId" IS NULL
   ORDER BY "createdAt", id`;

// The oldest remaining coalesced wake takes the refused one's place in the queue, the others follow
// it; its NOTIFY (at commit) has a worker claim it.
const promoteSql = `
  WITH p AS (UPDATE "WakeRequest" SET status = 'queued', "coalescedIntoId" = NULL, "updatedAt" = now() WHERE id = $1::uuid RETURNING id)
  UPDATE "WakeRequest" SET "coalescedIntoId" = (SELECT id FROM p), "updatedAt" = now() WHERE id = ANY($2::uuid[])`;

export interface GuardedWake {
  id: string;
  companyId: string;
  agentId: string;
  issueId: string | null;
}

/**
 * The guard over a queued wake and the wakes coalesced into it: each of them naming an issue past
 * its cap is refused (`wake_loop`); the rest still run. Returns the skip reason of the queued wake
 * itself (the caller skips it, and a coalesced wake left over is queued in its place), else null.
 */
export async function guardWakeLoop(exec: SqlExec, wake: GuardedWake): Promise<string | null> {
  const coalesced = (await exec(coalescedSql, [wake.companyId, wake.agentId, wake.id])) as unknown as { id: string; issueId: string | null }[];
  const issues = new Set([wake.issueId, ...coalesced.map((c) => c.issueId)].filter((id): id is string => id !== null));
  const refused = new Set<string>();
  for (const issueId of issues) if (await capped(exec, wake.companyId, issueId, wake.id)) refused.add(issueId);
  if (refused.size === 0) return null;
  const isRefused = (c: { issueId: string | null }) => c.issueId !== null && refused.has(c.issueId);
  const skip = coalesced.filter(isRefused);
  const keep = coalesced.filter((c) => !isRefused(c));
  if (skip.length) {
    await exec(`UPDATE "WakeRequest" SET status = 'skipped', "skipReason" = $2, "updatedAt" = now() WHERE id = ANY($1::uuid[])`, [skip.map((c) => c.id), WAKE_LOOP_SKIP]);
  }
  if (!isRefused(wake)) return null;
  if (keep.length) {
    await exec(promoteSql, [keep[0].id, keep.slice(1).map((c) => c.id)]);
    await exec(`SELECT pg_notify('charter_wake', $1)::text`, [wake.agentId]);
  }
  return WAKE_LOOP_SKIP;
}
