// Execution workspaces end to end with real git repositories made here: a `process` agent runs the
// fake CLI (tests/support/git-repos.ts), which records where it ran and commits a file.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { Worker as RunWorker } from "@/lib/runtime/worker";
import { client } from "../support/api";
import { finishedRun, runOfWake, startWorker, waitFor } from "../support/runtime";
import { gitIn, makeRepo, seenBy, workspaceSandbox } from "../support/git-repos";
import { createAgentWithKey, createWorld, mintRunKey } from "../factories";

const sandbox = workspaceSandbox("charter-ws-");
const { dir, root, out } = sandbox;

type World = Awaited<ReturnType<typeof createWorld>>;

async function project(w: World, workspace: Record<string, string>) {
  const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/projects`, { name: `P ${Math.random()}`, workspace });
  expect(res.status).toBe(201);
  return res.body as { id: string };
}

async function cliAgent(w: World, sleep = 0) {
  return (await createAgentWithKey(w.company.id, { adapterType: "process", adapterConfig: { command: sandbox.script, args: [], env: { OUT: out, SLEEP: String(sleep) } } })).agent;
}

async function issueFor(w: World, projectId: string, agentId: string, title: string) {
  const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title, projectId, assigneeAgentId: agentId });
  expect(res.status).toBe(201);
  return res.body as { id: string; identifier: string };
}

/** The run the issue's newest wake became, once finished. */
async function runOfIssue(issueId: string, after = 0) {
  const run = await waitFor(async () => (await db().heartbeatRun.findMany({ where: { issueId }, orderBy: { createdAt: "asc" } }))[after], `run ${after} of ${issueId}`);
  return finishedRun(run.id);
}

const detail = async (w: World, issueId: string) => (await client(w.tokens.owner).get(`/api/issues/${issueId}`)).body;

describe("a worktree per issue", () => {
  it("two agents on two issues of one project run at once in separate worktrees, each committing on its own branch", async () => {
    const w = await createWorld();
    const repo = makeRepo(path.join(dir, "two-agents"));
    const p = await project(w, { cwd: repo });
    const [a, b] = [await cliAgent(w, 1.5), await cliAgent(w, 1.5)];
    const [i1, i2] = [await issueFor(w, p.id, a.id, "Add the login page"), await issueFor(w, p.id, b.id, "Fix the footer")];
    const [r1, r2] = [await runOfIssue(i1.id), await runOfIssue(i2.id)];
    expect([r1.status, r2.status, r1.error]).toEqual(["succeeded", "succeeded", null]);
    const [s1, s2] = [seenBy(out, r1.id), seenBy(out, r2.id)];
    // at the same time
    expect(s1.start < s2.end && s2.start < s1.end).toBe(true);
    const wt1 = path.join(root, "worktrees", w.company.id, i1.identifier);
    expect(s1.env).toEqual({
      cwd: wt1, SERVICE_WORKSPACE_CWD: wt1, SERVICE_WORKSPACE_BRANCH: `charter/${i1.identifier.toLowerCase()}-add-the-login-page`.replace(i1.identifier.toLowerCase(), i1.identifier),
      SERVICE_WORKSPACE_BASE_REF: "main", SERVICE_WORKSPACE_REPO_URL: "",
    });
    expect(s2.env.cwd).toBe(path.join(root, "worktrees", w.company.id, i2.identifier));
    // each commit is on its issue's branch only; the project's own checkout is untouched
    expect(gitIn(repo, "log", "--format=%s", `charter/${i1.identifier}-add-the-login-page`)).toBe(`work of ${r1.id}\ninitial`);
    expect(gitIn(repo, "log", "--format=%s", `charter/${i2.identifier}-fix-the-footer`)).toBe(`work of ${r2.id}\ninitial`);
    expect(gitIn(repo, "log", "--format=%s", "main")).toBe("initial");
    expect(gitIn(repo, "status", "--porcelain")).toBe("");
    const d1 = await detail(w, i1.id);
    expect(d1.workspace).toMatchObject({
      policy: "git_worktree", path: wt1, branch: `charter/${i1.identifier}-add-the-login-page`, baseRef: "main", state: "active", error: null, inherited: false,
    });
    expect(d1.workspace.headSha).toMatch(/^[0-9a-f]{40}$/);
    expect(r1.executionWorkspaceId).toBe((await db().issue.findUniqueOrThrow({ where: { id: i1.id } })).executionWorkspaceId);
    expect((await db().executionWorkspace.findFirstOrThrow({ where: { issueId: i1.id } })).lockedByRunId).toBeNull();

    // a later run of the issue, by another agent, finds the earlier work in the same worktree
    const again = await client(w.tokens.owner).post(`/api/agents/${b.id}/wakeup`, { issueId: i1.id });
    const r3 = await finishedRun(await runOfWake(again.body.id));
    expect(r3.status).toBe("succeeded");
    const s3 = seenBy(out, r3.id);
    expect(s3.env.cwd).toBe(wt1);
    expect(s3.files).toContain(`work-${r1.id}.txt`);
    expect(s3.files).not.toContain(`work-${r2.id}.txt`);
    expect(gitIn(repo, "log", "--format=%s", `charter/${i1.identifier}-add-the-login-page`)).toBe(`work of ${r3.id}\nwork of ${r1.id}\ninitial`);
  });

  it("an issue without a project, or in a project without a workspace, runs where its adapter says, without SERVICE_WORKSPACE_*", async () => {
    const w = await createWorld();
    const own = path.join(dir, "own-cwd");
    makeRepo(own);
    const agent = (await createAgentWithKey(w.company.id, { adapterType: "process", adapterConfig: { command: sandbox.script, args: [], cwd: own, env: { OUT: out } } })).agent;
    const bare = (await client(w.tokens.owner).post(`/api/companies/${w.company.id}/projects`, { name: "No workspace" })).body;
    const i = await issueFor(w, bare.id, agent.id, "Somewhere");
    const run = await runOfIssue(i.id);
    expect(run.status).toBe("succeeded");
    expect(seenBy(out, run.id).env).toEqual({ cwd: own });
    expect(run.executionWorkspaceId).toBeNull();
    expect((await detail(w, i.id)).workspace).toBeNull();
  });
});

describe("sub-issues", () => {
  it("a sub-issue gets its own worktree; one created with workspace \"inherit\" shares its parent's", async () => {
    const w = await createWorld();
    const repo = makeRepo(path.join(dir, "subissues"));
    const p = await project(w, { cwd: repo });
    const agent = await cliAgent(w);
    const parent = await issueFor(w, p.id, agent.id, "Parent");
    const parentRun = await runOfIssue(parent.id);
    expect(parentRun.status).toBe("succeeded");
    const { token } = await mintRunKey(w.manager);
    const asRun = client(token);
    const own = await asRun.post(`/api/companies/${w.company.id}/issues`, { title: "Own child", parentId: parent.id, projectId: p.id, assigneeAgentId: agent.id });
    const shared = await asRun.post(`/api/companies/${w.company.id}/issues`, { title: "Shared child", parentId: parent.id, projectId: p.id, assigneeAgentId: agent.id, workspace: "inherit" });
    expect([own.status, shared.status]).toEqual([201, 201]);
    expect((await detail(w, shared.body.id))).toMatchObject({ workspaceInherited: true, workspace: { inherited: true, path: path.join(root, "worktrees", w.company.id, parent.identifier) } });
    const [ownRun, sharedRun] = [await runOfIssue(own.body.id), await runOfIssue(shared.body.id)];
    expect([ownRun.status, sharedRun.status]).toEqual(["succeeded", "succeeded"]);
    expect(seenBy(out, ownRun.id).env.cwd).toBe(path.join(root, "worktrees", w.company.id, own.body.identifier));
    const sharedSeen = seenBy(out, sharedRun.id);
    expect(sharedSeen.env.cwd).toBe(path.join(root, "worktrees", w.company.id, parent.identifier));
    expect(sharedSeen.files).toContain(`work-${parentRun.id}.txt`);
    expect((await detail(w, own.body.id))).toMatchObject({ workspaceInherited: false, workspace: { inherited: false } });
    // the one shared row is the parent's: the child made none of its own
    expect(await db().executionWorkspace.count({ where: { issueId: shared.body.id } })).toBe(0);

    // only an agent in a run may ask, and only for a sub-issue
    const board = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "x", parentId: parent.id, workspace: "inherit" });
    expect(board.status).toBe(400);
    expect(board.body.details[0].path).toBe("workspace");
    const noParent = await asRun.post(`/api/companies/${w.company.id}/issues`, { title: "x", workspace: "inherit" });
    expect(noParent.status).toBe(400);
    expect(noParent.body.details[0].message).toMatch(/parentId/);
    expect((await asRun.post(`/api/companies/${w.company.id}/issues`, { title: "x", parentId: parent.id, workspace: "own" })).status).toBe(400);
    expect((await client(w.tokens.owner).patch(`/api/issues/${own.body.id}`, { workspace: "inherit" })).status).toBe(400);
    expect(await db().issue.count({ where: { companyId: w.company.id, title: "x" } })).toBe(0);
  });
});

describe("one run per workspace", () => {
  it("the same issue never runs twice at once, even with two workers: the second wake waits for the first run's end", async () => {
    const w = await createWorld();
    const repo = makeRepo(path.join(dir, "one-at-a-time"));
    const p = await project(w, { cwd: repo });
    const [a, b] = [await cliAgent(w, 1.5), await cliAgent(w, 1.5)];
    const second = new RunWorker({ concurrency: 4, pollMs: 600_000 });
    await second.start();
    try {
      const issue = await issueFor(w, p.id, a.id, "Contended");
      const wakeB = await client(w.tokens.owner).post(`/api/agents/${b.id}/wakeup`, { issueId: issue.id });
      expect(wakeB.status).toBe(202);
      const [r1, r2] = [await runOfIssue(issue.id, 0), await runOfIssue(issue.id, 1)];
      expect([r1.status, r2.status]).toEqual(["succeeded", "succeeded"]);
      const [s1, s2] = [seenBy(out, r1.id), seenBy(out, r2.id)];
      expect(s1.end <= s2.start || s2.end <= s1.start).toBe(true);
      expect(s1.env.cwd).toBe(s2.env.cwd);
      expect(gitIn(s1.env.cwd, "log", "--format=%s")).toBe(`work of ${r2.id}\nwork of ${r1.id}\ninitial`);
      // the waiting wake was never skipped
      expect((await db().wakeRequest.findUniqueOrThrow({ where: { id: wakeB.body.id } })).status).toBe("started");
    } finally {
      await second.stop();
    }
  });
});

describe("an inherited workspace is one workspace", () => {
  it("a sub-issue sharing its parent's worktree waits while the parent's run holds it", async () => {
    const w = await createWorld();
    const p = await project(w, { cwd: makeRepo(path.join(dir, "inherit-lock")) });
    const [a, b] = [await cliAgent(w, 3), await cliAgent(w, 0)];
    const parent = await issueFor(w, p.id, a.id, "Parent at work");
    const running = await waitFor(async () => db().heartbeatRun.findFirst({ where: { issueId: parent.id, status: "running" } }), "the parent's run");
    const { token } = await mintRunKey(w.manager);
    const child = await client(token).post(`/api/companies/${w.company.id}/issues`, { title: "Child", parentId: parent.id, projectId: p.id, assigneeAgentId: b.id, workspace: "inherit" });
    expect(child.status).toBe(201);
    const [r1, r2] = [await finishedRun(running.id), await runOfIssue(child.body.id)];
    expect([r1.status, r2.status]).toEqual(["succeeded", "succeeded"]);
    const [s1, s2] = [seenBy(out, r1.id), seenBy(out, r2.id)];
    expect(s1.end <= s2.start).toBe(true);
    expect(s2.env.cwd).toBe(s1.env.cwd);
    expect(s2.files).toContain(`work-${r1.id}.txt`);
  });
});

describe("a repoUrl-only workspace", () => {
  it("is cloned once into the workspace root; each issue's worktree is made from that clone", async () => {
    const w = await createWorld();
    const origin = makeRepo(path.join(dir, "origin-src"));
    gitIn(origin, "checkout", "-q", "-b", "release");
    fs.writeFileSync(path.join(origin, "RELEASE"), "1\n");
    gitIn(origin, "add", "-A");
    gitIn(origin, "commit", "-q", "-m", "release");
    gitIn(origin, "checkout", "-q", "main");
    const repoUrl = `file://${origin}`;
    const p = await project(w, { repoUrl, repoRef: "release" });
    const pw = await db().projectWorkspace.findFirstOrThrow({ where: { projectId: p.id } });
    const agent = await cliAgent(w);
    const i1 = await issueFor(w, p.id, agent.id, "First");
    const r1 = await runOfIssue(i1.id);
    const clone = path.join(root, "clones", pw.id);
    // a mark inside the clone survives the second issue's worktree: it was fetched, not cloned again
    fs.writeFileSync(path.join(clone, ".git", "charter-test-mark"), "1");
    const i2 = await issueFor(w, p.id, agent.id, "Second");
    const r2 = await runOfIssue(i2.id);
    expect([r1.status, r2.status, r1.error]).toEqual(["succeeded", "succeeded", null]);
    expect(fs.existsSync(path.join(clone, ".git", "charter-test-mark"))).toBe(true);
    expect(fs.readdirSync(path.join(root, "clones")).filter((f) => f.startsWith(pw.id))).toEqual([pw.id]);
    const s1 = seenBy(out, r1.id);
    expect(s1.env).toMatchObject({ SERVICE_WORKSPACE_REPO_URL: repoUrl, SERVICE_WORKSPACE_BASE_REF: "release" });
    expect(s1.files).toContain("RELEASE");
    for (const s of [s1, seenBy(out, r2.id)]) expect(gitIn(s.env.cwd, "rev-parse", "--path-format=absolute", "--git-common-dir")).toBe(path.join(clone, ".git"));
    // the origin is never written to
    expect(gitIn(origin, "branch", "--list", "charter/*")).toBe("");
  });
});

describe("one run per workspace across instances", () => {
  it("a run held by a worker process of its own keeps another instance's wake for the issue queued until it ends", async () => {
    const w = await createWorld();
    const repo = makeRepo(path.join(dir, "two-instances"));
    const p = await project(w, { cwd: repo });
    const [a, b] = [await cliAgent(w, 4), await cliAgent(w, 0)];
    // only the other instance is running when the first wake comes
    await sandbox.worker!.stop();
    const child = otherInstance();
    try {
      const issue = await issueFor(w, p.id, a.id, "Across instances");
      const first = await waitFor(async () => db().heartbeatRun.findFirst({ where: { issueId: issue.id, status: "running" } }), "the other instance's run", 60_000);
      expect(first.workerId).toMatch(new RegExp(`:${child.pid}:`));
      sandbox.worker = await startWorker();
      const wakeB = (await client(w.tokens.owner).post(`/api/agents/${b.id}/wakeup`, { issueId: issue.id })).body;
      await new Promise((r) => setTimeout(r, 700));
      // both instances heard of the wake; neither may start it while the first run holds the worktree
      expect((await db().wakeRequest.findUniqueOrThrow({ where: { id: wakeB.id } })).status).toBe("queued");
      const r1 = await finishedRun(first.id);
      const r2 = await finishedRun(await runOfWake(wakeB.id));
      expect([r1.status, r2.status]).toEqual(["succeeded", "succeeded"]);
      const [s1, s2] = [seenBy(out, r1.id), seenBy(out, r2.id)];
      expect(s1.end <= s2.start).toBe(true);
      expect(s2.files).toContain(`work-${r1.id}.txt`);
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode === null ? child.once("exit", r) : r(null)));
    }
  });
});

/** A worker process of its own (`npm run worker`'s script) on this test's database and workspace root. */
function otherInstance(): ChildProcess {
  const repoRoot = path.resolve(import.meta.dirname, "../..");
  return spawn(process.execPath, [path.join(repoRoot, "scripts/worker.mjs")], {
    cwd: repoRoot, stdio: ["ignore", "ignore", "inherit"],
    env: {
      NODE_ENV: "test", PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: env().DATABASE_URL, LOG_LEVEL: "error",
      CHARTER_WORKER_POLL_MS: "600000", CHARTER_WORKSPACE_ROOT: root,
    },
  });
}

describe("a verification holds the workspace too", () => {
  it("a wake for an issue waits while its verification's command runs in the worktree, and runs once it ends", async () => {
    const w = await createWorld();
    const p = await project(w, { cwd: makeRepo(path.join(dir, "verify-lock")) });
    const a = await cliAgent(w, 0);
    const issue = await issueFor(w, p.id, a.id, "Checked while it waits");
    expect((await runOfIssue(issue.id, 0)).status).toBe("succeeded");
    const set = await client(w.tokens.owner).patch(`/api/projects/${p.id}`, { verification: { command: "sleep", args: ["2"] } });
    expect(set.status).toBe(200);
    const started = await client(w.tokens.owner).post(`/api/issues/${issue.id}/verifications`, {});
    expect(started.status).toBe(201);
    await waitFor(async () => db().verification.findFirst({ where: { id: started.body.id, claimedAt: { not: null } } }), "the verification's claim");
    const wake = await client(w.tokens.owner).post(`/api/agents/${a.id}/wakeup`, { issueId: issue.id });
    expect(wake.status).toBe(202);
    const run = await runOfIssue(issue.id, 1);
    const verification = await db().verification.findUniqueOrThrow({ where: { id: started.body.id } });
    expect([run.status, verification.status]).toEqual(["succeeded", "passed"]);
    expect(seenBy(out, run.id).start).toBeGreaterThanOrEqual(verification.finishedAt!.getTime());
    expect((await db().wakeRequest.findUniqueOrThrow({ where: { id: wake.body.id } })).status).toBe("started");
  });
});
