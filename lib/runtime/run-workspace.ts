// The worker's step before the adapter: the run's execution workspace is made (or found) on disk,
// and the run is pointed at it: its working directory, the SERVICE_WORKSPACE_* variables and the
// wake prompt. A workspace that cannot be made fails the run with the precise reason, which is
// also kept on the workspace row (the issue's `workspace.error`, the board's inbox).
import { log } from "@/lib/log";
import type { ClaimedRun, RunWorkspace } from "@/lib/runtime/queue";
import { WorkspaceError } from "@/lib/services/workspaces/git";
import { makeWorkspace } from "@/lib/services/workspaces/make";
import { loadWorkspaceJob, recordFailed, recordMade } from "@/lib/services/workspaces/record";

type WorkspaceStep = { run: ClaimedRun; env: Record<string, string> } | { error: string };

/** The four variables a run learns its workspace from (REPO_URL empty when there is none). */
function workspaceEnv(ws: RunWorkspace): Record<string, string> {
  return {
    SERVICE_WORKSPACE_CWD: ws.path,
    SERVICE_WORKSPACE_BRANCH: ws.branch ?? "",
    SERVICE_WORKSPACE_BASE_REF: ws.baseRef ?? "",
    SERVICE_WORKSPACE_REPO_URL: ws.repoUrl ?? "",
  };
}

export async function prepareRunWorkspace(run: ClaimedRun, write: (text: string) => void): Promise<WorkspaceStep> {
  if (!run.executionWorkspaceId) return { run, env: {} };
  const job = await loadWorkspaceJob(run.companyId, run.executionWorkspaceId);
  // the project's workspace was deleted since the claim: the run works as runs without one do
  if (!job) return { run, env: {} };
  try {
    const made = await makeWorkspace(job);
    await recordMade(job, made);
    const ws: RunWorkspace = { policy: made.policy, path: made.path, branch: made.branch, baseRef: made.baseRef, repoUrl: made.repoUrl };
    write(`[charter] ${made.created ? "made" : "reusing"} the ${ws.policy === "shared" ? "shared workspace" : `worktree of ${ws.branch}`} at ${ws.path}\n`);
    return { run: { ...run, workspace: ws, adapterConfig: { ...run.adapterConfig, cwd: ws.path } }, env: workspaceEnv(ws) };
  } catch (caught) {
    const e = (caught as NodeJS.ErrnoException).code === "ENOSPC" ? new WorkspaceError("disk_full", `the disk is full: ${(caught as Error).message}`) : caught;
    const known = e instanceof WorkspaceError;
    if (!known) log.error("making a workspace failed", { runId: run.runId, error: String(e) });
    const cause = known ? e.message : (e as Error).message;
    const reason = `the workspace of ${job.identifier} could not be made: ${cause}`;
    await recordFailed(run.companyId, job.workspaceId, run.runId, known ? e.failure : "internal", cause);
    write(`[charter] ${reason}\n`);
    return { error: reason };
  }
}
