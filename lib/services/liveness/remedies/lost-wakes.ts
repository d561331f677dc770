// A lost wake: an issue in todo, assigned to an agent that can run, with no wake pending and no run in
// flight for it, and nothing about it for two minutes. Its assignee is woken again, once per
// assignee and board reset: if that wake does not move it either, the sweep reports it (wake_lost)
// rather than Charter waking the agent forever.
import { sql, sqlTx } from "@/lib/db/client";
import { recordActivitySql } from "@/lib/services/activity";
import { requestWake } from "@/lib/services/wakeups";
import { claimRemedy, remediesMayActSql, resetSinceSql } from "@/lib/services/liveness/remedies/claim";

/** How long an assigned todo issue may wait with nothing pending before its wake counts as lost. */
const LOST_WAKE_GRACE_SEC = 120;

interface LostWake {
  id: string;
  companyId: string;
  agentId: string;
  identifier: string;
  causeKey: string;
}

// A wake coalesced into a queued one is pending too. An issue whose last run failed belongs to the
// retry budget, and one the wake-loop guard stopped to the sweep: neither is re-queued here.
const lostSql = `
  SELECT s.* FROM "Company" c CROSS JOIN LATERAL (
    SELECT i.id::text, i."companyId"::text AS "companyId", i."assigneeAgentId"::text AS "agentId", i.identifier, k."causeKey"
      FROM "Issue" i JOIN "Agent" a ON a."companyId" = i."companyId" AND a.id = i."assigneeAgentId"
     CROSS JOIN LATERAL (SELECT i."assigneeAgentId"::text || ':' || coalesce((extract(epoch FROM i."livenessResetAt") * 1000)::bigint::text, '-') AS "causeKey") k
     WHERE i."companyId" = c.id AND i.status = 'todo' AND a.status IN ('idle', 'running', 'error')
       -- re-queued once already for this cause: the sweep's to report, not ours to select again
       AND NOT EXISTS (SELECT 1 FROM "LivenessRemedy" m WHERE m."issueId" = i.id AND m.kind = 'requeue_lost_wake' AND m."causeKey" = k."causeKey")
       AND i."updatedAt" < $1::timestamptz - make_interval(secs => $2::int)
       AND NOT EXISTS (SELECT 1 FROM "WakeRequest" w WHERE w."issueId" = i.id
                        AND (w.status = 'queued' OR w."createdAt" > $1::timestamptz - make_interval(secs => $2::int)
                             OR (w.status = 'skipped' AND w."skipReason" = 'wake_loop' AND w."createdAt" > $1::timestamptz - interval '1 hour')
                             OR (w.status = 'coalesced' AND w."runId" IS NULL
                                 AND EXISTS (SELECT 1 FROM "WakeRequest" p WHERE p.id = w."coalescedIntoId" AND p.status = 'queued'))))
       AND NOT EXISTS (SELECT 1 FROM "HeartbeatRun" r WHERE r."companyId" = i."companyId" AND r."issueId" = i.id
                        AND (r.status IN ('queued', 'running') OR r."finishedAt" > $1::timestamptz - make_interval(secs => $2::int)))
       AND coalesce((SELECT r.status::text FROM "HeartbeatRun" r WHERE r."companyId" = i."companyId" AND r."issueId" = i.id
                        AND r."createdAt" > ${resetSinceSql("i")} ORDER BY r."createdAt" DESC LIMIT 1), '') NOT IN ('failed', 'timed_out')
  ) s
   WHERE ${remediesMayActSql("c")}
   LIMIT 500`;

async function requeue(issue: LostWake): Promise<boolean> {
  return sqlTx(async (exec) => {
    const why = `nothing was pending for it for over ${LOST_WAKE_GRACE_SEC / 60} min`;
    if (!(await claimRemedy(exec, { companyId: issue.companyId, issueId: issue.id, kind: "requeue_lost_wake", causeKey: issue.causeKey, details: { agentId: issue.agentId, why } }))) return false;
    const wake = await requestWake(exec, {
      companyId: issue.companyId, agentId: issue.agentId, reason: "retry", source: `lost wake of ${issue.identifier}`, issueId: issue.id,
      payload: { remedy: "requeue_lost_wake", why, taskId: issue.id },
    });
    await recordActivitySql(exec, null, {
      companyId: issue.companyId, action: "issue.wake_requeued", entityType: "issue", entityId: issue.id, details: { agentId: issue.agentId, wakeId: wake.id, why },
    });
    return true;
  });
}

/** Re-queues every lost wake (once per cause); returns the issue ids woken here. */
export async function requeueLostWakes(now: Date): Promise<string[]> {
  const { rows } = await sql().query<LostWake>(lostSql, [now, LOST_WAKE_GRACE_SEC]);
  const woken: string[] = [];
  for (const issue of rows) if (await requeue(issue)) woken.push(issue.id);
  return woken;
}
