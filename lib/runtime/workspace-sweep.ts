// The retention sweep of execution workspaces, from the worker's periodic tick. A done or cancelled
// issue's worktree, once CHARTER_WORKSPACE_RETENTION_DAYS have passed since the issue closed, is
// removed with its local branch if its work has landed (committed, and merged into the base or pushed
// to its upstream); otherwise it is kept with the reason, an activity line and an inbox item
// (workspace_kept), and looked at again hourly in case the work lands later. Rows are claimed with
// FOR UPDATE SKIP LOCKED, so any number of workers sweep at once and never the same workspace; a run's
// claim of a workspace waits for the row, so no run starts in a worktree being removed.
import { sqlTx } from "@/lib/db/client";
import type { SqlExec } from "@/lib/db/sql-exec";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { folderExists, markKept, markRemoved, readLanding, removeWorktree, unlandedReason, workspaceRowColumns, type WorkspaceRow } from "@/lib/services/workspaces/removal";
import { statusValues, writeStatusSql } from "@/lib/services/workspaces/status";

/** Rows per transaction (each may take a git status and a bounded disk walk) and per sweep. */
const BATCH = 5;
const MAX_PER_SWEEP = 50;

/**
 * Closed issues' worktrees past retention, not held by a run, not shared with an issue still open
 * (an inheriting sub-issue), kept ones only when last looked at over an hour ago. $1 retention days,
 * $2 ids this sweep already handled (a kept row's statusAt moves on; a failed one's may not).
 */
const claimSql = `SELECT ${workspaceRowColumns}
  FROM "ExecutionWorkspace" ew
  JOIN "Issue" i ON i."companyId" = ew."companyId" AND i.id = ew."issueId"
 WHERE ew.policy = 'git_worktree' AND ew.state IN ('active', 'kept') AND ew."lockedByRunId" IS NULL AND ew.path IS NOT NULL
   AND i.status IN ('done', 'cancelled')
   AND COALESCE(CASE i.status WHEN 'done' THEN i."completedAt" ELSE i."cancelledAt" END, ew."closedAt", i."updatedAt")
       <= now() - make_interval(secs => $1::float8 * 86400)
   AND (ew.state = 'active' OR ew."statusAt" IS NULL OR ew."statusAt" < now() - interval '1 hour')
   AND NOT (ew.id = ANY($2::uuid[]))
   AND NOT EXISTS (SELECT 1 FROM "Issue" o WHERE o."companyId" = ew."companyId" AND o."executionWorkspaceId" = ew.id
                     AND o.status NOT IN ('done', 'cancelled'))
 ORDER BY ew."statusAt" ASC NULLS FIRST, ew.id
 LIMIT ${BATCH}
   FOR UPDATE OF ew SKIP LOCKED`;

export type SweepOutcome = "removed" | "kept";

/** Decides one claimed workspace inside the claiming transaction. */
async function sweepOne(exec: SqlExec, ws: WorkspaceRow): Promise<SweepOutcome> {
  const dir = ws.path!;
  if (!(await folderExists(dir))) {
    await markKept(exec, ws, `its folder ${dir} cannot be found on this worker: remove it by hand if it is truly gone`);
    return "kept";
  }
  const landing = await readLanding(dir, ws);
  await exec(writeStatusSql, statusValues(ws.id, landing.status));
  const reason = unlandedReason(ws, landing);
  if (reason) {
    await markKept(exec, ws, reason);
    return "kept";
  }
  const { branchDeleted } = await removeWorktree(ws, { force: false, landed: true });
  await markRemoved(exec, null, ws, { by: "retention", merged: landing.merged, pushed: landing.pushed, branchDeleted });
  return "removed";
}

/** One sweep: what it removed and kept, by workspace id. Never throws for one workspace's failure. */
export async function sweepWorkspaces(retentionDays = env().CHARTER_WORKSPACE_RETENTION_DAYS): Promise<Record<string, SweepOutcome>> {
  const outcomes: Record<string, SweepOutcome> = {};
  const seen: string[] = [];
  for (let claimed = BATCH; claimed === BATCH && seen.length < MAX_PER_SWEEP;) {
    claimed = await sqlTx(async (exec) => {
      const rows = (await exec(claimSql, [retentionDays, seen])) as unknown as WorkspaceRow[];
      for (const ws of rows) {
        seen.push(ws.id);
        try {
          outcomes[ws.id] = await sweepOne(exec, ws);
        } catch (e) {
          // git failed on this one (a broken worktree): the board hears of it, the others go on
          log.warn("sweeping a workspace failed", { workspaceId: ws.id, path: ws.path, error: String(e) });
          await markKept(exec, ws, `Charter could not check it: ${String((e as Error).message).slice(0, 300)}`);
          outcomes[ws.id] = "kept";
        }
      }
      return rows.length;
    });
  }
  return outcomes;
}
