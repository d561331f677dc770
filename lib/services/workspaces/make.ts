// Making an issue's workspace on disk, or finding the one made before: a git worktree and branch of
// its own (from the project's repository folder, or from the one clone of a repoUrl-only workspace),
// or the project's folder as it is (shared). Whatever fails leaves nothing half-made behind.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { WorkspacePolicy } from "@/lib/generated/prisma/client";
import { branchNameProblem, renderBranchName } from "@/lib/services/workspaces/branch-template";
import { git, gitMaybe, WorkspaceError } from "@/lib/services/workspaces/git";
import { clonePath, worktreePath } from "@/lib/services/workspaces/paths";
import { withRepoLock } from "@/lib/services/workspaces/repo-lock";
import { defaultWorkspacePolicy, isGitRepository } from "@/lib/services/workspaces/default-policy";

interface PrimaryWorkspace {
  id: string;
  cwd: string | null;
  repoUrl: string | null;
  repoRef: string | null;
}

/** What making needs: the issue that owns the workspace, the settings that shape it, and what was made before. */
export interface WorkspaceJob {
  companyId: string;
  identifier: string;
  number: number;
  title: string;
  issuePolicy: WorkspacePolicy | null;
  projectPolicy: WorkspacePolicy | null;
  branchTemplate: string | null;
  primary: PrimaryWorkspace;
  /** the row's values once made (path null before the first run) */
  made: { policy: WorkspacePolicy; path: string | null; branch: string | null; baseRef: string | null; baseSha: string | null; repoUrl: string | null };
}

export interface MadeWorkspace {
  policy: WorkspacePolicy;
  path: string;
  branch: string | null;
  baseRef: string | null;
  baseSha: string | null;
  repoUrl: string | null;
  /** made by this call (false: found as made before) */
  created: boolean;
}


/** The issue's override, else the project's, else git_worktree for a repository (a .git folder or a repoUrl), else shared. */
export function resolvePolicy(job: Pick<WorkspaceJob, "issuePolicy" | "projectPolicy" | "primary">): WorkspacePolicy {
  return job.issuePolicy ?? job.projectPolicy ?? defaultWorkspacePolicy(job.primary);
}

export async function makeWorkspace(job: WorkspaceJob): Promise<MadeWorkspace> {
  const m = job.made;
  if (m.path && m.policy === "shared") return { ...m, path: m.path, created: false };
  if (m.path && fs.existsSync(m.path)) return { ...m, path: m.path, created: false };
  const policy = m.path ? m.policy : resolvePolicy(job);
  if (policy === "shared") return sharedWorkspace(job);
  return gitWorkspace(job);
}

function sharedWorkspace(job: WorkspaceJob): MadeWorkspace {
  const cwd = job.primary.cwd;
  if (!cwd) throw new WorkspaceError("not_a_repository", "the shared policy needs a folder: the project's primary workspace has no cwd");
  if (!fs.existsSync(cwd)) throw new WorkspaceError("not_a_repository", `the project's folder ${cwd} does not exist`);
  return { policy: "shared", path: cwd, branch: null, baseRef: null, baseSha: null, repoUrl: job.primary.repoUrl, created: true };
}

async function gitWorkspace(job: WorkspaceJob): Promise<MadeWorkspace> {
  const branch = job.made.branch ?? renderBranchName(job.branchTemplate, job);
  const problem = branchNameProblem(branch);
  if (problem) throw new WorkspaceError("git_failed", `the branch name ${branch} ${problem}: fix the project's branch template`);
  const target = await worktreePath(job.companyId, job.identifier);
  const { primary } = job;
  const local = isGitRepository(primary.cwd) ? primary.cwd : null;
  if (!local && !primary.repoUrl) {
    throw new WorkspaceError("not_a_repository", `the project's folder ${primary.cwd ?? "(none)"} is not a git repository and the workspace has no repoUrl`);
  }
  const lockKey = local ?? (await clonePath(primary.id));
  return withRepoLock(lockKey, async () => {
    const repo = local ?? (await ensureClone(primary.id, primary.repoUrl!));
    const base = job.made.baseSha && job.made.branch ? { name: job.made.baseRef, sha: job.made.baseSha } : await baseOf(repo, primary.repoRef, !local);
    await addWorktree(repo, target, branch, base.sha, !!job.made.branch);
    return { policy: "git_worktree", path: target, branch, baseRef: base.name, baseSha: base.sha, repoUrl: primary.repoUrl, created: true };
  });
}

const allowedRepoUrl = /^(https:\/\/|ssh:\/\/|file:\/\/|[\w.-]+@[\w.-]+:)/;

/** The one clone of a repoUrl-only workspace: cloned the first time (into a temporary folder, then renamed), fetched after. */
async function ensureClone(projectWorkspaceId: string, repoUrl: string): Promise<string> {
  if (!allowedRepoUrl.test(repoUrl)) throw new WorkspaceError("unreachable", `the repoUrl ${repoUrl} is not https, ssh or file`);
  const dir = await clonePath(projectWorkspaceId);
  if (fs.existsSync(path.join(dir, ".git"))) {
    // the board may have changed the workspace's repoUrl since the clone was made
    await git(dir, ["remote", "set-url", "origin", repoUrl]);
    await git(dir, ["fetch", "--prune", "--quiet", "origin"]);
    return dir;
  }
  await fsp.mkdir(path.dirname(dir), { recursive: true });
  const tmp = `${dir}.tmp-${randomBytes(4).toString("hex")}`;
  try {
    await git(path.dirname(dir), ["clone", "--no-checkout", "--quiet", "--", repoUrl, tmp]);
    await fsp.rm(dir, { recursive: true, force: true });
    await fsp.rename(tmp, dir);
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
  return dir;
}

/** The base: repoRef, else the default branch (origin's HEAD in a clone, the checked-out branch of a folder), with its commit. */
async function baseOf(repo: string, repoRef: string | null, cloned: boolean): Promise<{ name: string | null; sha: string }> {
  if (!repoRef && !cloned) {
    // the folder's checked-out branch and its commit in one git call (a new worktree's time is mostly git's starts)
    const [sha, name] = (await gitMaybe(repo, ["rev-parse", "HEAD", "--abbrev-ref", "HEAD"]))?.split("\n") ?? [];
    if (sha) return { name: name && name !== "HEAD" ? name : null, sha };
    throw new WorkspaceError("git_failed", `the base HEAD is not a commit of ${repo} (the repository has no commits)`);
  }
  let name = repoRef;
  if (!name) name = (await gitMaybe(repo, ["symbolic-ref", "--short", "refs/remotes/origin/HEAD"]))?.replace(/^origin\//, "") ?? null;
  const candidates = name ? (cloned ? [`refs/remotes/origin/${name}`, name] : [name]) : ["HEAD"];
  for (const ref of candidates) {
    const sha = await gitMaybe(repo, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
    if (sha) return { name, sha };
  }
  throw new WorkspaceError("git_failed", `the base ${name ?? "HEAD"} is not a commit of ${repo}${name ? "" : " (the repository has no commits)"}`);
}

const staleRegistration = /missing but (already registered|locked) worktree/i;
const branchExists = /a branch named .* already exists/i;
const noSuchBranch = /invalid reference|not a valid (object name|branch)/i;

/**
 * `git worktree add`, on the issue's existing branch when it made one before; undone entirely when it
 * fails. The first try is the usual case; what git refuses (a stale registration, a branch that is
 * gone or taken) is looked into only then, so a new worktree costs one git call.
 */
async function addWorktree(repo: string, target: string, branch: string, baseSha: string, ownBranch: boolean): Promise<void> {
  if (fs.existsSync(target)) {
    // made by an attempt that stopped before it was recorded: adopt it when it is this branch's worktree
    if ((await gitMaybe(target, ["symbolic-ref", "--short", "HEAD"])) === branch) return;
    throw new WorkspaceError("git_failed", `the path ${target} exists and is not the worktree of ${branch}`);
  }
  await fsp.mkdir(path.dirname(target), { recursive: true });
  const onBranch = ["worktree", "add", "--quiet", target, branch];
  const newBranch = ["worktree", "add", "--quiet", "-b", branch, target, baseSha];
  let args = ownBranch ? onBranch : newBranch;
  for (let attempt = 0; ; attempt++) {
    try {
      await git(repo, args);
      return;
    } catch (e) {
      const said = e instanceof WorkspaceError ? e.message : "";
      if (attempt === 0 && staleRegistration.test(said)) {
        // a worktree folder deleted by hand is still registered: forget it and try again
        await gitMaybe(repo, ["worktree", "prune"]);
        continue;
      }
      if (attempt === 0 && ownBranch && noSuchBranch.test(said)) {
        // the issue's branch was deleted since: make it again from the base
        args = newBranch;
        continue;
      }
      if (args === newBranch && branchExists.test(said)) {
        // someone else's branch: nothing of it may be undone
        await undoWorktree(repo, target, null);
        throw new WorkspaceError("branch_taken", `the branch name is taken: ${branch} already exists in ${repo} and was not made for this issue (rename it, or change the project's branch template)`);
      }
      await undoWorktree(repo, target, args === newBranch ? branch : null);
      throw e;
    }
  }
}

async function undoWorktree(repo: string, target: string, madeBranch: string | null): Promise<void> {
  await gitMaybe(repo, ["worktree", "remove", "--force", target]);
  await fsp.rm(target, { recursive: true, force: true }).catch(() => {});
  await gitMaybe(repo, ["worktree", "prune"]);
  if (madeBranch) await gitMaybe(repo, ["branch", "-D", madeBranch]);
}
