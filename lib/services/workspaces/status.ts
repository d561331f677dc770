// What an execution workspace holds now, read from git and the filesystem: its head, whether it has
// uncommitted work, how far it is ahead of and behind its base, and its disk use. Read after each run
// (refreshRunWorkspace), by the retention sweep and by the board's removal; the row keeps the last
// reading with statusAt, so the board's list never walks a tree.
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "@/lib/db/client";
import { log } from "@/lib/log";
import { git, WorkspaceError } from "@/lib/services/workspaces/git";

const GIT_TIMEOUT_MS = 30_000;

/**
 * Disk use is a walk of the tree, bounded so a huge tree (a node_modules of a million files) cannot
 * hold up a run's finish: past either bound the use is unknown (null), never a partial figure.
 */
const DISK_WALK_LIMITS = { entries: 200_000, ms: 5_000 } as const;

/** A read of the worktree (lib/services/workspaces/git.ts: no optional locks, git stops at `cwd`). */
export const runGit = (cwd: string, args: string[]) => git(cwd, args, { read: true, timeoutMs: GIT_TIMEOUT_MS });

/** git's answer to a yes/no question asked by exit code (merge-base --is-ancestor, rev-parse --verify). */
export async function gitSays(cwd: string, args: string[]): Promise<boolean> {
  try {
    await runGit(cwd, args);
    return true;
  } catch (e) {
    if (e instanceof WorkspaceError && e.exitCode === 1) return false;
    throw e;
  }
}

/** The commit a ref names, or null when it names none. */
export async function resolveCommit(cwd: string, ref: string): Promise<string | null> {
  try {
    return (await runGit(cwd, ["rev-parse", "--verify", "--quiet", "--end-of-options", `${ref}^{commit}`])).trim() || null;
  } catch {
    return null;
  }
}

/** What the workspace is compared with: its base ref where it still resolves, else the commit it started from. */
export async function baseCommit(cwd: string, ws: { baseRef: string | null; baseSha: string | null }): Promise<string | null> {
  if (ws.baseRef) {
    const sha = await resolveCommit(cwd, ws.baseRef);
    if (sha) return sha;
  }
  return ws.baseSha ? resolveCommit(cwd, ws.baseSha) : null;
}

/** Bytes the tree takes on disk (allocated blocks, symlinks not followed), or null past DISK_WALK_LIMITS. */
export async function diskUse(root: string, limits: { entries: number; ms: number } = DISK_WALK_LIMITS): Promise<number | null> {
  const deadline = Date.now() + limits.ms;
  let entries = 0;
  let bytes = 0;
  const pending = [root];
  while (pending.length) {
    const dir = pending.pop()!;
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch {
      continue; // gone or unreadable meanwhile: the rest still counts
    }
    entries += names.length;
    if (entries > limits.entries || Date.now() > deadline) return null;
    const stats = await Promise.all(names.map((n) => fs.lstat(path.join(dir, n)).catch(() => null)));
    stats.forEach((st, i) => {
      if (!st) return;
      bytes += st.blocks !== undefined ? st.blocks * 512 : st.size;
      if (st.isDirectory()) pending.push(path.join(dir, names[i]));
    });
  }
  return bytes;
}

export interface WorkspaceStatus {
  headSha: string | null;
  dirty: boolean;
  ahead: number;
  behind: number;
  diskBytes: number | null;
}

/** The status of the worktree at `dir` against its base; throws a WorkspaceError when `dir` is not one. */
export async function readWorkspaceStatus(dir: string, ws: { baseRef: string | null; baseSha: string | null }): Promise<WorkspaceStatus> {
  const headSha = await resolveCommit(dir, "HEAD");
  // untracked files count: an agent's new file is work too (ignored files do not)
  const porcelain = await runGit(dir, ["status", "--porcelain", "--untracked-files=normal"]);
  const base = await baseCommit(dir, ws);
  let ahead = 0;
  let behind = 0;
  if (base && headSha) {
    const [left, right] = (await runGit(dir, ["rev-list", "--left-right", "--count", `${base}...${headSha}`])).trim().split(/\s+/).map(Number);
    behind = left;
    ahead = right;
  }
  return { headSha, dirty: porcelain.trim() !== "", ahead, behind, diskBytes: await diskUse(dir) };
}

/** The status columns of a row; statusAt is now. updatedAt stays: it is when the row's state last changed. */
export const writeStatusSql = `UPDATE "ExecutionWorkspace"
   SET "headSha" = $2, dirty = $3, ahead = $4, behind = $5, "diskBytes" = $6, "statusAt" = now()
 WHERE id = $1`;

export const statusValues = (id: string, s: WorkspaceStatus) => [id, s.headSha, s.dirty, s.ahead, s.behind, s.diskBytes];

export async function storeWorkspaceStatus(id: string, s: WorkspaceStatus): Promise<void> {
  await sql().query({ text: writeStatusSql, values: statusValues(id, s) });
}

/**
 * After a run: reads its git_worktree workspace (HeartbeatRun.executionWorkspaceId) and stores the
 * status (a shared workspace is the project's own folder, not the issue's: it is not read). A run in a
 * kept workspace (its issue reopened) makes it active again. Never throws: a run is never failed for
 * its status.
 */
export async function refreshRunWorkspace(runId: string): Promise<void> {
  try {
    const { rows } = await sql().query<{ id: string; path: string; baseRef: string | null; baseSha: string | null }>({
      text: `SELECT ew.id, ew.path, ew."baseRef", ew."baseSha" FROM "HeartbeatRun" r
               JOIN "ExecutionWorkspace" ew ON ew.id = r."executionWorkspaceId" AND ew."companyId" = r."companyId"
              WHERE r.id = $1 AND ew.path IS NOT NULL AND ew.state <> 'removed' AND ew.policy = 'git_worktree'`,
      values: [runId],
    });
    const ws = rows[0];
    if (!ws) return;
    const status = await readWorkspaceStatus(ws.path, ws);
    await sql().query({
      text: `UPDATE "ExecutionWorkspace" SET "headSha" = $2, dirty = $3, ahead = $4, behind = $5, "diskBytes" = $6, "statusAt" = now(),
               state = 'active', "keptReason" = NULL, "updatedAt" = CASE WHEN state = 'kept' THEN now() ELSE "updatedAt" END
              WHERE id = $1 AND state <> 'removed'`,
      values: statusValues(ws.id, status),
    });
  } catch (e) {
    log.warn("reading a run's workspace status failed", { runId, error: String(e) });
  }
}
