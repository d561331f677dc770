// The claim's part in execution workspaces (docs/decisions: execution workspaces): a run of an issue
// whose project has a workspace gets that issue's workspace row (made here with no path on the
// issue's first run; the worker makes it on disk) and holds its lock. Two runs never share one: a
// wake whose issue has an open run, or whose workspace is locked by one, stays queued until it ends.
import type { SqlExec } from "@/lib/db/sql-exec";
import { uuidv7 } from "@/lib/ids";
import type { WorkspacePolicy } from "@/lib/generated/prisma/client";
import { resolvePolicy } from "@/lib/services/workspaces/make";

export interface WorkspaceTarget {
  issueId: string;
  /** the issue that owns the workspace: the run's issue, or the parent it inherits from */
  ownerIssueId: string;
  projectId: string;
  policy: WorkspacePolicy;
}

const openRun = `IN ('queued', 'running')`;

/**
 * The candidates' cheap pre-filter over a wake `w`: its issue, in a project with a workspace, has an
 * open run or a locked workspace. The exact check (inheritance included) is busyTargets'.
 */
export const issueBusySql = `(w."issueId" IS NOT NULL AND EXISTS (
    SELECT 1 FROM "Issue" bi
     WHERE bi."companyId" = w."companyId" AND bi.id = w."issueId"
       AND EXISTS (SELECT 1 FROM "ProjectWorkspace" bw WHERE bw."companyId" = bi."companyId" AND bw."projectId" = bi."projectId")
       AND (EXISTS (SELECT 1 FROM "HeartbeatRun" br WHERE br."companyId" = bi."companyId" AND br."issueId" = bi.id AND br.status ${openRun})
            OR EXISTS (SELECT 1 FROM "ExecutionWorkspace" be JOIN "HeartbeatRun" lr ON lr.id = be."lockedByRunId" AND lr.status ${openRun}
                        WHERE be."companyId" = bi."companyId"
                          AND (be.id = bi."executionWorkspaceId" OR (bi."workspaceInherited" AND be."issueId" = bi."parentId"))))))`;

// the issue whose workspace a run of $2 uses (up its chain of `inherit`s), with what its policy is made of
const targetSql = `
  WITH RECURSIVE up AS (
    SELECT id, "parentId", "workspaceInherited", "projectId", "workspacePolicy", 0 AS depth FROM "Issue" WHERE "companyId" = $1::uuid AND id = $2::uuid
    UNION ALL
    SELECT p.id, p."parentId", p."workspaceInherited", p."projectId", p."workspacePolicy", up.depth + 1
      FROM "Issue" p JOIN up ON up."workspaceInherited" AND p.id = up."parentId"
     WHERE p."companyId" = $1::uuid AND up.depth < 20
  ), owner AS (SELECT * FROM up ORDER BY depth DESC LIMIT 1)
  SELECT owner.id::text AS "ownerIssueId", owner."projectId"::text AS "projectId", owner."workspacePolicy"::text AS "issuePolicy",
         pr."workspacePolicy"::text AS "projectPolicy", pw.cwd, pw."repoUrl"
    FROM owner
    JOIN "Project" pr ON pr."companyId" = $1::uuid AND pr.id = owner."projectId"
    JOIN LATERAL (SELECT cwd, "repoUrl" FROM "ProjectWorkspace" w WHERE w."companyId" = $1::uuid AND w."projectId" = owner."projectId"
                   ORDER BY w."isPrimary" DESC, w."createdAt" LIMIT 1) pw ON true`;

interface TargetRow { ownerIssueId: string; projectId: string; issuePolicy: WorkspacePolicy | null; projectPolicy: WorkspacePolicy | null; cwd: string | null; repoUrl: string | null }

/** The workspace a run of the issue would use, or null when its project has no workspace (the run works where its adapter says). */
export async function workspaceTarget(exec: SqlExec, companyId: string, issueId: string | null): Promise<WorkspaceTarget | null> {
  if (!issueId) return null;
  const [row] = (await exec(targetSql, [companyId, issueId])) as unknown as TargetRow[];
  if (!row) return null;
  const policy = resolvePolicy({ issuePolicy: row.issuePolicy, projectPolicy: row.projectPolicy, primary: { id: "", cwd: row.cwd, repoUrl: row.repoUrl, repoRef: null } });
  return { issueId, ownerIssueId: row.ownerIssueId, projectId: row.projectId, policy };
}

/** Takes the workspaces' claim locks (sorted, so two claims never wait on each other in a circle). */
export async function lockTargets(exec: SqlExec, targets: WorkspaceTarget[]): Promise<void> {
  const keys = [...new Set(targets.map((t) => t.ownerIssueId))].sort();
  if (keys.length === 0) return;
  await exec(
    `SELECT count(pg_advisory_xact_lock(hashtextextended('workspace:' || a, 0)))::int AS n
       FROM (SELECT a FROM unnest($1::text[]) WITH ORDINALITY AS u(a, i) ORDER BY i) s`,
    [keys],
  );
}

const busySql = `
  SELECT EXISTS (SELECT 1 FROM "HeartbeatRun" r WHERE r."companyId" = $1::uuid AND r."issueId" = $2::uuid AND r.status ${openRun})
      OR EXISTS (SELECT 1 FROM "ExecutionWorkspace" e JOIN "HeartbeatRun" r ON r.id = e."lockedByRunId" AND r.status ${openRun}
                  WHERE e."companyId" = $1::uuid AND e."issueId" = $3::uuid) AS busy`;

/** Under the target's lock: true when a run of the issue is open or its workspace is held (runs claimed earlier in this transaction count). */
export async function targetBusy(exec: SqlExec, companyId: string, t: WorkspaceTarget): Promise<boolean> {
  const [row] = await exec(busySql, [companyId, t.issueId, t.ownerIssueId]);
  return row.busy === true;
}

const attachSql = `
  WITH e AS (
    INSERT INTO "ExecutionWorkspace" (id, "companyId", "projectId", "issueId", policy, "lockedByRunId", "updatedAt")
    VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid, $5::"WorkspacePolicy", $6::uuid, now())
    ON CONFLICT ("companyId", "issueId") DO UPDATE SET "lockedByRunId" = $6::uuid, "updatedAt" = now()
    RETURNING id
  ), i AS (
    UPDATE "Issue" SET "executionWorkspaceId" = e.id FROM e
     WHERE "Issue"."companyId" = $2::uuid AND "Issue".id IN ($4::uuid, $7::uuid) AND "Issue"."executionWorkspaceId" IS DISTINCT FROM e.id
  ), r AS (
    UPDATE "HeartbeatRun" SET "executionWorkspaceId" = e.id FROM e WHERE "HeartbeatRun"."companyId" = $2::uuid AND "HeartbeatRun".id = $6::uuid
  )
  SELECT e.id::text AS id FROM e`;

/** The run holds the workspace: its row made if this is the issue's first run, the lock set, the issue and run pointed at it. */
export async function attachWorkspace(exec: SqlExec, companyId: string, runId: string, t: WorkspaceTarget): Promise<string> {
  const [row] = await exec(attachSql, [uuidv7(), companyId, t.projectId, t.ownerIssueId, t.policy, runId, t.issueId]);
  return row.id as string;
}
