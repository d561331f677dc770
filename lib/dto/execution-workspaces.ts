// An execution workspace as an issue shows it (GET /api/issues/:issueId `workspace`).
import type { ExecutionWorkspace } from "@/lib/generated/prisma/client";

export function issueWorkspaceDto(row: ExecutionWorkspace, inherited: boolean) {
  return {
    policy: row.policy,
    path: row.path,
    branch: row.branch,
    baseRef: row.baseRef,
    headSha: row.headSha,
    dirty: row.dirty,
    ahead: row.ahead,
    behind: row.behind,
    state: row.state,
    ...(row.keptReason ? { keptReason: row.keptReason } : {}),
    // the last failure to make or use it; cleared by the next run that succeeds in making it
    error: row.error,
    errorAt: row.errorAt?.toISOString() ?? null,
    inherited,
  };
}
