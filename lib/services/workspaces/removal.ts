// Whether a worktree's work has landed, and removing a worktree from disk. The one rule of both the
// retention sweep (lib/runtime/workspace-sweep.ts) and the board's removal: work is removed only when
// it is committed and its branch is merged into the base or pushed to its upstream; anything else
// needs the board's explicit force, and even then a branch that holds unlanded commits stays.
import fs from "node:fs/promises";
import path from "node:path";
import type { Actor } from "@/lib/auth/actor";
import type { SqlExec } from "@/lib/db/sql-exec";
import { log } from "@/lib/log";
import { recordActivitySql } from "@/lib/services/activity";
import { baseCommit, gitSays, readWorkspaceStatus, resolveCommit, runGit, type WorkspaceStatus } from "@/lib/services/workspaces/status";

/** The columns of a workspace row these rules read. */
export interface WorkspaceRow {
  id: string;
  companyId: string;
  issueId: string;
  policy: string;
  path: string | null;
  branch: string | null;
  baseRef: string | null;
  baseSha: string | null;
  state: string;
  keptReason: string | null;
  lockedByRunId: string | null;
}

/** The SELECT list of WorkspaceRow from "ExecutionWorkspace" ew. */
export const workspaceRowColumns = `ew.id, ew."companyId", ew."issueId", ew.policy::text, ew.path, ew.branch, ew."baseRef", ew."baseSha",
       ew.state::text, ew."keptReason", ew."lockedByRunId"`;

export interface Landing {
  status: WorkspaceStatus;
  /** the head is contained in the base */
  merged: boolean;
  /** the branch has an upstream that contains the head */
  pushed: boolean;
}

async function upstreamCommit(dir: string): Promise<string | null> {
  try {
    const name = (await runGit(dir, ["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}"])).trim();
    return name ? resolveCommit(dir, name) : null;
  } catch {
    return null; // no upstream configured
  }
}

/** The worktree's status and where its head has landed; git's own refs only (nothing is fetched). */
export async function readLanding(dir: string, ws: Pick<WorkspaceRow, "baseRef" | "baseSha">): Promise<Landing> {
  const status = await readWorkspaceStatus(dir, ws);
  const head = status.headSha;
  if (!head) return { status, merged: false, pushed: false };
  const base = await baseCommit(dir, ws);
  const merged = base ? await gitSays(dir, ["merge-base", "--is-ancestor", head, base]) : false;
  const upstream = await upstreamCommit(dir);
  const pushed = upstream ? await gitSays(dir, ["merge-base", "--is-ancestor", head, upstream]) : false;
  return { status, merged, pushed };
}

/** Why the work cannot be removed without force, in words for the board; null when it has landed. */
export function unlandedReason(ws: Pick<WorkspaceRow, "branch" | "baseRef">, landing: Landing): string | null {
  const reasons: string[] = [];
  if (landing.status.dirty) reasons.push("it has uncommitted changes");
  if (!landing.merged && !landing.pushed) {
    const n = landing.status.ahead;
    const commits = n > 0 ? `${n} commit${n === 1 ? "" : "s"}` : "commits";
    reasons.push(`its branch ${ws.branch ?? "(detached)"} has ${commits} neither merged into ${ws.baseRef ?? "its base"} nor pushed`);
  }
  return reasons.length ? reasons.join("; ") : null;
}

/** Whether the folder exists at all (a missing one has nothing left to lose on disk). */
export async function folderExists(dir: string): Promise<boolean> {
  return fs.stat(dir).then((s) => s.isDirectory(), () => false);
}

/**
 * Removes the worktree at `ws.path` (forced only when the board forced it) and, when its work has
 * landed, its local branch. Answers whether the branch was deleted.
 */
export async function removeWorktree(ws: Pick<WorkspaceRow, "path" | "branch">, opts: { force: boolean; landed: boolean }): Promise<{ branchDeleted: boolean }> {
  const dir = ws.path!;
  const common = path.resolve(dir, (await runGit(dir, ["rev-parse", "--git-common-dir"])).trim());
  await runGit(common, ["--git-dir", common, "worktree", "remove", ...(opts.force ? ["--force", "--force"] : []), dir]);
  if (!opts.landed || !ws.branch || ws.branch.startsWith("-")) return { branchDeleted: false };
  try {
    await runGit(common, ["--git-dir", common, "branch", "-D", ws.branch]);
    return { branchDeleted: true };
  } catch (e) {
    log.warn("deleting a removed workspace's branch failed", { path: dir, branch: ws.branch, error: String(e) });
    return { branchDeleted: false };
  }
}

/** Marks the row removed with its activity line, in the caller's transaction. */
export async function markRemoved(exec: SqlExec, actor: Actor | null, ws: WorkspaceRow, details: Record<string, string | boolean | null>): Promise<void> {
  await exec(`UPDATE "ExecutionWorkspace" SET state = 'removed', "removedAt" = now(), "keptReason" = NULL, "updatedAt" = now() WHERE id = $1`, [ws.id]);
  await recordActivitySql(exec, actor, {
    companyId: ws.companyId, action: "workspace.removed", entityType: "issue", entityId: ws.issueId,
    details: { workspaceId: ws.id, path: ws.path, branch: ws.branch, ...details },
  });
}

/**
 * Marks the row kept for `reason` with its activity line (a row already kept for that reason gets no
 * new line). statusAt moves on even when git could not be read: the sweep looks again in an hour.
 */
export async function markKept(exec: SqlExec, ws: WorkspaceRow, reason: string): Promise<boolean> {
  const same = ws.state === "kept" && ws.keptReason === reason;
  await exec(`UPDATE "ExecutionWorkspace" SET state = 'kept', "keptReason" = $2, "statusAt" = now(),
      "updatedAt" = CASE WHEN $3::boolean THEN "updatedAt" ELSE now() END WHERE id = $1`, [ws.id, reason, same]);
  if (same) return false;
  await recordActivitySql(exec, null, {
    companyId: ws.companyId, action: "workspace.kept", entityType: "issue", entityId: ws.issueId,
    details: { workspaceId: ws.id, path: ws.path, branch: ws.branch, reason },
  });
  return true;
}
