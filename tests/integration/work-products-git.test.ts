// Commits read from git into work products, on real repositories this test makes: the reader's
// sha, subject, author and stats; once per sha per issue across runs; an inheriting sub-issue's run
// lists only what it added; the call in executeRun after a process agent commits; and a workspace git
// cannot read leaves the run as it was.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { executeRun } from "@/lib/runtime/execute";
import { readCommits } from "@/lib/services/work-products/git-commits";
import { recordRunCommits } from "@/lib/services/work-products/run-commits";
import { client } from "../support/api";
import { createWorld } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;

const root = fs.mkdtempSync(path.join(os.tmpdir(), "charter-wp-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const identity = ["-c", "user.name=Ada Agent", "-c", "user.email=ada@example.test", "-c", "commit.gpgsign=false"];
const git = (cwd: string, ...args: string[]) => execFileSync("git", ["-C", cwd, ...identity, ...args], { encoding: "utf8" }).trim();

/** A repository with one base commit; returns its folder and the base sha. */
function makeRepo(name: string) {
  const dir = path.join(root, name);
  fs.mkdirSync(dir);
  git(dir, "init", "-q", "-b", "main");
  fs.writeFileSync(path.join(dir, "README.md"), "one\ntwo\nthree\n");
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "Base");
  return { dir, base: git(dir, "rev-parse", "HEAD") };
}

function commit(dir: string, files: Record<string, string | Buffer | null>, message: string): string {
  for (const [file, content] of Object.entries(files)) {
    if (content === null) fs.rmSync(path.join(dir, file));
    else fs.writeFileSync(path.join(dir, file), content);
  }
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", message);
  return git(dir, "rev-parse", "HEAD");
}

async function issueWithWorkspace(w: World, repo: { dir: string; base: string }) {
  const owner = client(w.tokens.owner);
  const project = (await owner.post(`/api/companies/${w.company.id}/projects`, { name: `P ${path.basename(repo.dir)}` })).body;
  const issue = (await owner.post(`/api/companies/${w.company.id}/issues`, { title: "Build it", projectId: project.id, assigneeAgentId: w.engineer.id })).body;
  const ws = await db().executionWorkspace.create({
    data: { companyId: w.company.id, projectId: project.id, issueId: issue.id, policy: "git_worktree", path: repo.dir, branch: "main", baseRef: "main", baseSha: repo.base },
  });
  await db().issue.update({ where: { id: issue.id }, data: { executionWorkspaceId: ws.id } });
  return { issue: issue as { id: string; identifier: string }, ws, projectId: project.id as string };
}

const runIn = (w: World, issueId: string, workspaceId: string, status: "queued" | "succeeded" = "succeeded") =>
  db().heartbeatRun.create({ data: { companyId: w.company.id, agentId: w.engineer.id, issueId, executionWorkspaceId: workspaceId, status, adapterType: "process" } });

describe("reading an issue's commits from git", () => {
  it("gives each commit of base..HEAD oldest first with its sha, subject, author and stats", async () => {
    const repo = makeRepo("reader");
    const first = commit(repo.dir, { "a.txt": "1\n2\n3\n", "b.txt": "x\n" }, "Add a and b");
    const second = commit(repo.dir, { "README.md": "one\nTWO\n", "logo.bin": Buffer.from([0, 1, 2, 3, 255, 0]) }, "Edit the readme, add a binary");
    const third = commit(repo.dir, { "b.txt": null }, "Remove b");
    expect(await readCommits(repo.dir, repo.base)).toEqual([
      { sha: first, subject: "Add a and b", author: "Ada Agent <ada@example.test>", filesChanged: 2, insertions: 4, deletions: 0 },
      { sha: second, subject: "Edit the readme, add a binary", author: "Ada Agent <ada@example.test>", filesChanged: 2, insertions: 1, deletions: 2 },
      { sha: third, subject: "Remove b", author: "Ada Agent <ada@example.test>", filesChanged: 1, insertions: 0, deletions: 1 },
    ]);
    expect(await readCommits(repo.dir, third)).toEqual([]);
    await expect(readCommits(repo.dir, "--output=/tmp/x")).rejects.toThrow(/not a commit sha/);
    await expect(readCommits(path.join(root, "nowhere"), repo.base)).rejects.toThrow(/does not exist/);
  });

  it("lists a run's commits on its issue once per sha, with the run, and says so in the activity log", async () => {
    const w = await createWorld();
    const repo = makeRepo("once");
    const { issue, ws } = await issueWithWorkspace(w, repo);
    const c1 = commit(repo.dir, { "a.txt": "a\n" }, "First");
    const c2 = commit(repo.dir, { "b.txt": "b\nb\n" }, "Second");
    const run1 = await runIn(w, issue.id, ws.id);
    expect(await recordRunCommits(run1.id)).toBe(2);
    expect(await recordRunCommits(run1.id)).toBe(0);
    const c3 = commit(repo.dir, { "a.txt": null }, "Third");
    const run2 = await runIn(w, issue.id, ws.id);
    expect(await recordRunCommits(run2.id)).toBe(1);

    const list = await client(w.tokens.engineer).get(`/api/issues/${issue.identifier}/work-products?kind=commit`);
    expect(list.status).toBe(200);
    expect(list.body.map((p: { sha: string }) => p.sha)).toEqual([c1, c2, c3]);
    expect(list.body[1]).toMatchObject({
      kind: "commit", title: "Second", subject: "Second", author: "Ada Agent <ada@example.test>", filesChanged: 1, insertions: 2, deletions: 0,
      runId: run1.id, url: null, status: null, createdByAgentId: null, createdByUserId: null,
    });
    expect(list.body[2]).toMatchObject({ sha: c3, runId: run2.id, deletions: 1 });
    // the branch is listed once, before its first commits
    const all = await client(w.tokens.engineer).get(`/api/issues/${issue.id}/work-products`);
    expect(all.body.map((p: { kind: string; title: string; sha: string | null }) => [p.kind, p.kind === "branch" ? p.title : p.sha])).toEqual([
      ["branch", "main"], ["commit", c1], ["commit", c2], ["commit", c3],
    ]);
    expect(all.body[0]).toMatchObject({ runId: run1.id, url: null, createdByAgentId: null, createdByUserId: null });
    const rows = await db().activityLog.findMany({ where: { companyId: w.company.id, action: "work_product.created" }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.actorType, r.entityId, r.details])).toEqual([
      ["system", issue.id, expect.objectContaining({ count: 2, branch: "main", shas: [c1, c2] })],
      ["system", issue.id, expect.objectContaining({ count: 1, branch: null, shas: [c3] })],
    ]);
    // Charter's record of a commit is not edited through the API
    const patched = await client(w.tokens.owner).patch(`/api/work-products/${list.body[0].id}`, { status: "merged" });
    expect(patched.status).toBe(422);
    expect(patched.body.code).toBe("unprocessable");
  });

  it("an inheriting sub-issue's run lists only the commits not already listed on its parent", async () => {
    const w = await createWorld();
    const repo = makeRepo("inherit");
    const { issue: parent, ws, projectId } = await issueWithWorkspace(w, repo);
    const c1 = commit(repo.dir, { "p.txt": "p\n" }, "Parent's work");
    expect(await recordRunCommits((await runIn(w, parent.id, ws.id)).id)).toBe(1);
    const child = (await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "Sub", parentId: parent.id, projectId })).body;
    await db().issue.update({ where: { id: child.id }, data: { executionWorkspaceId: ws.id, workspaceInherited: true } });
    const c2 = commit(repo.dir, { "c.txt": "c\n" }, "Child's work");
    expect(await recordRunCommits((await runIn(w, child.id, ws.id)).id)).toBe(1);
    const shas = async (id: string) => (await client(w.tokens.owner).get(`/api/issues/${id}/work-products?kind=commit`)).body.map((p: { sha: string }) => p.sha);
    expect(await shas(parent.id)).toEqual([c1]);
    expect(await shas(child.id)).toEqual([c2]);
  });

  it("executeRun lists what a process agent committed, after the adapter returns", async () => {
    const w = await createWorld();
    const repo = makeRepo("execute");
    const { issue, ws } = await issueWithWorkspace(w, repo);
    const run = await runIn(w, issue.id, ws.id, "queued");
    const g = `git ${identity.map((a) => `'${a}'`).join(" ")}`;
    const script = `printf 'fixed\\n' > fix.txt && ${g} add fix.txt && ${g} commit -q -m "Fix the bug"`;
    await executeRun({
      runId: run.id, wakeId: run.id, companyId: w.company.id, agentId: w.engineer.id, agentName: w.engineer.name, adapterType: "process",
      adapterConfig: { command: script, cwd: repo.dir }, reason: "manual", issueId: issue.id, commentId: null, approvalId: null, payload: {},
      token: "chk_run_unused", timeoutSec: 60, executionWorkspaceId: null,
    }, new AbortController().signal);
    const finished = await db().heartbeatRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(finished.status, finished.log).toBe("succeeded");
    const products = await db().workProduct.findMany({ where: { companyId: w.company.id, issueId: issue.id, kind: "commit" } });
    expect(products).toEqual([expect.objectContaining({ kind: "commit", subject: "Fix the bug", sha: git(repo.dir, "rev-parse", "HEAD"), runId: run.id, filesChanged: 1, insertions: 1 })]);
  });

  it("a workspace git cannot read (removed from disk) never fails the run", async () => {
    const w = await createWorld();
    const repo = makeRepo("gone");
    const { issue, ws } = await issueWithWorkspace(w, repo);
    const run = await runIn(w, issue.id, ws.id, "queued");
    await executeRun({
      runId: run.id, wakeId: run.id, companyId: w.company.id, agentId: w.engineer.id, agentName: w.engineer.name, adapterType: "process",
      adapterConfig: { command: `rm -rf ${repo.dir}`, cwd: root }, reason: "manual", issueId: issue.id, commentId: null, approvalId: null, payload: {},
      token: "chk_run_unused", timeoutSec: 60, executionWorkspaceId: null,
    }, new AbortController().signal);
    expect(await db().heartbeatRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ status: "succeeded", error: null });
    expect(await db().workProduct.count({ where: { companyId: w.company.id } })).toBe(0);
  });
});
