// Real git repositories for the execution-workspace lifecycle tests: a project repository, one worktree
// and branch per issue made with git itself, and the ExecutionWorkspace row that points at it (the
// runtime's own making is another test's; these rows are what it leaves).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { db } from "@/lib/db/client";
import { client } from "./api";

const gitEnv = {
  ...process.env, GIT_AUTHOR_NAME: "Test Agent", GIT_AUTHOR_EMAIL: "agent@test", GIT_COMMITTER_NAME: "Test Agent",
  GIT_COMMITTER_EMAIL: "agent@test", GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1",
};

export const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, env: gitEnv, encoding: "utf8" }).trim();

export function commitFile(cwd: string, name: string, content = `${name}\n`): string {
  fs.mkdirSync(path.dirname(path.join(cwd, name)), { recursive: true });
  fs.writeFileSync(path.join(cwd, name), content);
  git(cwd, "add", "--", name);
  git(cwd, "commit", "-q", "-m", `add ${name}`);
  return git(cwd, "rev-parse", "HEAD");
}

const made: string[] = [];

/** Deletes every folder makeRepo made (call in afterAll). */
export function removeRepos() {
  for (const root of made.splice(0)) fs.rmSync(root, { recursive: true, force: true });
}

/** A repository on main with one commit, in a fresh temporary folder (with room for worktrees). */
export function makeRepo(): { root: string; repo: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "charter-lifecycle-"));
  made.push(root);
  const repo = path.join(root, "repo");
  fs.mkdirSync(repo);
  git(repo, "init", "-q", "-b", "main");
  commitFile(repo, "README.md", "# project\n");
  return { root, repo };
}

/** A worktree of `repo` on a new branch from main, as the runtime makes one per issue. */
export function addWorktree(repo: string, root: string, branch: string): { dir: string; baseSha: string } {
  const dir = path.join(root, "workspaces", branch.replace(/\//g, "-"));
  const baseSha = git(repo, "rev-parse", "main");
  git(repo, "worktree", "add", "-q", "-b", branch, dir, "main");
  return { dir, baseSha };
}

type World = { company: { id: string }; tokens: { owner: string } };

/** A project whose primary workspace is `repo`, and an issue of it. */
export async function projectIssue(w: World, repo: string, title = "Build it") {
  const api = client(w.tokens.owner);
  const project = (await api.post(`/api/companies/${w.company.id}/projects`, { name: `P ${title} ${Math.random().toString(36).slice(2, 8)}`, workspace: { cwd: repo } })).body;
  const issue = (await api.post(`/api/companies/${w.company.id}/issues`, { title, projectId: project.id })).body;
  if (!issue.id) throw new Error(`issue not created: ${JSON.stringify(issue)}`);
  return { projectId: project.id as string, issueId: issue.id as string, identifier: issue.identifier as string };
}

/** Closes the issue as if it had been done (or cancelled) `daysAgo` days ago. */
export async function closeIssue(issueId: string, daysAgo: number, status: "done" | "cancelled" = "done") {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  await db().issue.update({ where: { id: issueId }, data: status === "done" ? { status, completedAt: at } : { status, cancelledAt: at } });
}

/** The row the runtime keeps for an issue's worktree. */
export async function workspaceRow(w: World, ids: { projectId: string; issueId: string }, wt: { dir: string; baseSha: string } | null, branch: string | null) {
  const row = await db().executionWorkspace.create({
    data: {
      companyId: w.company.id, projectId: ids.projectId, issueId: ids.issueId, policy: "git_worktree",
      path: wt?.dir ?? null, branch, baseRef: "main", baseSha: wt?.baseSha ?? null,
    },
  });
  await db().issue.update({ where: { id: ids.issueId }, data: { executionWorkspaceId: row.id } });
  return row;
}

export const branchExists = (repo: string, branch: string) => git(repo, "branch", "--list", branch) !== "";
