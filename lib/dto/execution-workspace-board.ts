// An ExecutionWorkspace row (with its issue, looked up apart: the row has no relation) → the board's JSON.
import type { ExecutionWorkspace } from "@/lib/generated/prisma/client";
import type { ExecutionWorkspaceDto } from "@/lib/schemas/execution-workspaces";

export interface WorkspaceIssue {
  id: string;
  identifier: string;
  title: string;
  status: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function executionWorkspaceDto(row: ExecutionWorkspace, issue: WorkspaceIssue | null): ExecutionWorkspaceDto {
  return {
    id: row.id,
    companyId: row.companyId,
    projectId: row.projectId,
    issue: issue ? { id: issue.id, identifier: issue.identifier, title: issue.title, status: issue.status } : null,
    policy: row.policy,
    path: row.path,
    branch: row.branch,
    baseRef: row.baseRef,
    baseSha: row.baseSha,
    headSha: row.headSha,
    dirty: row.dirty,
    ahead: row.ahead,
    behind: row.behind,
    diskBytes: row.diskBytes === null ? null : Number(row.diskBytes),
    statusAt: iso(row.statusAt),
    state: row.state,
    keptReason: row.keptReason,
    error: row.error,
    lockedByRunId: row.lockedByRunId,
    removedAt: iso(row.removedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
