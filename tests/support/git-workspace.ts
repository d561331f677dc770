// Git repositories made by a test, and an issue's ExecutionWorkspace row pointing at one (the real
// making of workspaces is lib/services/workspaces; these tests need only a repository to read).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { db } from "@/lib/db/client";

const gitEnv = { ...process.env, GIT_AUTHOR_NAME: "Test", GIT_AUTHOR_EMAIL: "test@example.com", GIT_COMMITTER_NAME: "Test", GIT_COMMITTER_EMAIL: "test@example.com" };

export const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, env: gitEnv, encoding: "utf8" }).trim();

/** A repository with one commit of `files`; answers its path. */
export function makeRepo(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-verify-"));
  git(dir, "init", "-q", "-b", "main");
  commitFiles(dir, files, "initial");
  return dir;
}

/** Writes `files` and commits them; answers the new head. */
export function commitFiles(dir: string, files: Record<string, string>, subject: string): string {
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", subject);
  return git(dir, "rev-parse", "HEAD");
}

/** Gives the issue an execution workspace at `dir` (base: the repository's current head). */
export async function attachWorkspace(issue: { id: string; companyId: string; projectId: string | null }, dir: string | null) {
  const baseSha = dir ? git(dir, "rev-parse", "HEAD") : null;
  const ws = await db().executionWorkspace.create({
    data: { companyId: issue.companyId, projectId: issue.projectId!, issueId: issue.id, policy: "git_worktree", path: dir, branch: "charter/test", baseRef: "main", baseSha },
  });
  await db().issue.update({ where: { id: issue.id }, data: { executionWorkspaceId: ws.id } });
  return ws;
}
