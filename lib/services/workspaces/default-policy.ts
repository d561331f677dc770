// The workspace policy of a project that sets none: a worktree per issue when its primary
// workspace is a git repository or names one to clone, else the workspace's folder as it is. Read
// from the shared volume every worker and the API see at the same path (the workspace decision).
import fs from "node:fs";
import path from "node:path";
import type { ProjectWorkspace, WorkspacePolicy } from "@/lib/generated/prisma/client";

/** A folder holding a repository of its own: a .git directory, or the .git file of a worktree or submodule. */
export function isGitRepository(cwd: string | null): cwd is string {
  return !!cwd && fs.existsSync(path.join(cwd, ".git"));
}

export function defaultWorkspacePolicy(primary: Pick<ProjectWorkspace, "cwd" | "repoUrl"> | undefined): WorkspacePolicy {
  if (!primary) return "shared";
  if (primary.repoUrl) return "git_worktree";
  return isGitRepository(primary.cwd) ? "git_worktree" : "shared";
}
