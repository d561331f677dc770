// Git, driven as a program (execFile, never a shell, never a prompt): each failure becomes a
// WorkspaceError whose reason says precisely what went wrong, so a run fails with a sentence the
// board can act on (git missing, repository unreachable, branch taken, disk full, path outside root).
import { execFile } from "node:child_process";
import fs from "node:fs";
import { childBaseEnv } from "@/lib/env";

type WorkspaceFailure = "git_missing" | "unreachable" | "branch_taken" | "disk_full" | "outside_root" | "not_a_repository" | "git_failed";

export class WorkspaceError extends Error {
  constructor(readonly failure: WorkspaceFailure, message: string) {
    super(message);
  }
}

const GIT_TIMEOUT_MS = 10 * 60_000;
const MAX_BUFFER = 16 * 1024 * 1024;

const unreachable = /could not resolve host|unable to access|connection (refused|timed out)|could not read from remote repository|repository .* not found|does not appear to be a git repository|no such remote|unable to connect|failed to connect/i;
const diskFull = /no space left on device|disk quota exceeded|ENOSPC/i;
const branchTaken = /a branch named .* already exists|is already (checked out|used by worktree) at|already exists/i;
const notARepo = /not a git repository/i;

/** What a git failure means, from its error code and what git printed. */
export function classifyGitFailure(code: string | number | undefined, stderr: string): WorkspaceFailure {
  if (code === "ENOENT") return "git_missing";
  if (code === "ENOSPC" || diskFull.test(stderr)) return "disk_full";
  if (unreachable.test(stderr)) return "unreachable";
  if (notARepo.test(stderr)) return "not_a_repository";
  if (branchTaken.test(stderr)) return "branch_taken";
  return "git_failed";
}

const lead: Record<WorkspaceFailure, string> = {
  git_missing: "git is not installed on this worker (not found on its PATH)",
  unreachable: "the repository cannot be reached",
  branch_taken: "the branch name is taken",
  disk_full: "the disk is full",
  outside_root: "the path is outside the workspace root",
  not_a_repository: "not a git repository",
  git_failed: "git failed",
};

/** Runs `git args…` in `cwd`; resolves to its stdout, or throws a WorkspaceError naming the cause. */
export function git(cwd: string, args: string[]): Promise<string> {
  const env: Record<string, string> = { ...childBaseEnv(), GIT_TERMINAL_PROMPT: "0", GIT_ASKPASS: "", SSH_ASKPASS: "", LC_ALL: "C" };
  return new Promise((resolve, reject) => {
    execFile("git", args, { cwd, env: env as NodeJS.ProcessEnv, encoding: "utf8", timeout: GIT_TIMEOUT_MS, maxBuffer: MAX_BUFFER, shell: false, windowsHide: true }, (err, stdout, stderr) => {
      if (!err) return resolve(stdout);
      const code = (err as NodeJS.ErrnoException).code;
      // a missing cwd is reported by spawn as the program's ENOENT
      if (code === "ENOENT" && !fs.existsSync(cwd)) return reject(new WorkspaceError("not_a_repository", `the folder ${cwd} does not exist`));
      const failure = classifyGitFailure(code, String(stderr));
      const said = String(stderr).trim().split("\n").filter(Boolean).slice(-3).join(" / ").slice(0, 600);
      const detail = failure === "git_missing" ? "" : `: git ${args[0]} ${said ? `said: ${said}` : `exited with ${code ?? "an error"}`}`;
      reject(new WorkspaceError(failure, `${lead[failure]}${detail}`));
    });
  });
}

/** git's answer, or null when git says no (a ref that does not exist, a folder that is not a repository). */
export async function gitMaybe(cwd: string, args: string[]): Promise<string | null> {
  try {
    return (await git(cwd, args)).trim();
  } catch (e) {
    if (e instanceof WorkspaceError && e.failure === "git_missing") throw e;
    return null;
  }
}

/** The test-environment check: runs of issues in git workspaces need git on the worker's PATH. */
export async function gitCheck(): Promise<{ name: string; ok: boolean; message: string }> {
  try {
    const version = (await git(process.cwd(), ["--version"])).trim();
    return { name: "git", ok: true, message: `${version}: issues of projects with a git workspace get a worktree of their own` };
  } catch (e) {
    const missing = e instanceof WorkspaceError && e.failure === "git_missing";
    return { name: "git", ok: false, message: missing ? "git is not installed on this server (not found on its PATH): runs of issues in projects with a git workspace will fail" : `git --version failed: ${(e as Error).message}` };
  }
}
