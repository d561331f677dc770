// The worker's reads and writes of an execution workspace row around its making: what the job is,
// what was made (activity workspace.created the first time), and a failure (on the row, which the
// issue and the board's inbox show, and activity workspace.failed). System writes: no actor.
import { sql } from "@/lib/db/client";
import { uuidv7 } from "@/lib/ids";
import { insertActivitySql, systemActorSql } from "@/lib/services/activity";
import type { MadeWorkspace, WorkspaceJob } from "@/lib/services/workspaces/make";

interface JobRow extends WorkspaceJob {
  workspaceId: string;
  issueId: string;
}

const jobSql = `
  SELECT e.id AS "workspaceId", e."companyId", e."issueId", i.identifier, i.number, i.title,
         i."workspacePolicy" AS "issuePolicy", p."workspacePolicy" AS "projectPolicy", p."branchTemplate",
         json_build_object('id', pw.id, 'cwd', pw.cwd, 'repoUrl', pw."repoUrl", 'repoRef', pw."repoRef") AS primary,
         json_build_object('policy', e.policy, 'path', e.path, 'branch', e.branch, 'baseRef', e."baseRef", 'baseSha', e."baseSha",
                           'repoUrl', e."repoUrl") AS made,
         pw.id IS NOT NULL AS "hasPrimary"
    FROM "ExecutionWorkspace" e
    JOIN "Issue" i ON i."companyId" = e."companyId" AND i.id = e."issueId"
    JOIN "Project" p ON p."companyId" = e."companyId" AND p.id = e."projectId"
    LEFT JOIN LATERAL (SELECT * FROM "ProjectWorkspace" w WHERE w."companyId" = e."companyId" AND w."projectId" = e."projectId"
                        ORDER BY w."isPrimary" DESC, w."createdAt" LIMIT 1) pw ON true
   WHERE e."companyId" = $1::uuid AND e.id = $2::uuid`;

/** The job of a run's workspace, or null when its row or its project's workspace is gone. */
export async function loadWorkspaceJob(companyId: string, workspaceId: string): Promise<JobRow | null> {
  const { rows } = await sql().query<JobRow & { hasPrimary: boolean }>(jobSql, [companyId, workspaceId]);
  const row = rows[0];
  return row && row.hasPrimary ? row : null;
}

const madeSql = `
  WITH e AS (
    UPDATE "ExecutionWorkspace" SET policy = $3::"WorkspacePolicy", path = $4, branch = $5, "baseRef" = $6, "baseSha" = $7, "repoUrl" = $8,
           "projectWorkspaceId" = $9::uuid, "headSha" = coalesce("headSha", $7), state = 'active', "removedAt" = NULL,
           error = NULL, "errorAt" = NULL, "updatedAt" = now()
     WHERE "companyId" = $1::uuid AND id = $2::uuid RETURNING id, "issueId"
  )
  ${insertActivitySql({
    id: "$10", companyId: "$1", ...systemActorSql, action: "'workspace.created'", entityType: "'issue'", entityId: `e."issueId"`,
    details: `jsonb_build_object('workspaceId', e.id::text, 'policy', $3::text, 'path', $4::text, 'branch', $5::text, 'baseRef', $6::text)`,
  }, "e WHERE $11::boolean")}`;

export async function recordMade(job: JobRow, made: MadeWorkspace): Promise<void> {
  await sql().query(madeSql, [
    job.companyId, job.workspaceId, made.policy, made.path, made.branch, made.baseRef, made.baseSha, made.repoUrl, job.primary.id, uuidv7(), made.created,
  ]);
}

const failedSql = `
  WITH e AS (
    UPDATE "ExecutionWorkspace" SET error = $3, "errorAt" = now(), "updatedAt" = now()
     WHERE "companyId" = $1::uuid AND id = $2::uuid RETURNING id, "issueId"
  )
  ${insertActivitySql({
    id: "$4", companyId: "$1", ...systemActorSql, action: "'workspace.failed'", entityType: "'issue'", entityId: `e."issueId"`,
    details: `jsonb_build_object('workspaceId', e.id::text, 'runId', $5::text, 'failure', $6::text, 'error', $3::text)`,
  }, "e")}`;

export async function recordFailed(companyId: string, workspaceId: string, runId: string, failure: string, error: string): Promise<void> {
  await sql().query(failedSql, [companyId, workspaceId, error.slice(0, 2000), uuidv7(), runId, failure]);
}
