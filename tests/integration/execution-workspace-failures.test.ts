// A workspace that cannot be made fails its run with the precise reason, shown on the run, on the
// issue's `workspace.error` and in the board's inbox (workspace_error), and leaves nothing half-made.
// Also: the shared policy, the orphan sweep freeing a lock, and the test-environment git check.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { sweepOrphans } from "@/lib/runtime/run-records";
import { client } from "../support/api";
import { finishedRun, runOfWake } from "../support/runtime";
import { gitIn, makeRepo, seenBy, workspaceSandbox } from "../support/git-repos";
import { createAgentWithKey, createWorld } from "../factories";

const sandbox = workspaceSandbox("charter-wsf-");
const { dir, root, out } = sandbox;

type World = Awaited<ReturnType<typeof createWorld>>;

/** A project with the workspace, an agent running the fake CLI, and an unassigned issue in the project. */
async function setup(workspace: Record<string, string>) {
  const w = await createWorld();
  const p = (await client(w.tokens.owner).post(`/api/companies/${w.company.id}/projects`, { name: "P", workspace })).body;
  const agent = (await createAgentWithKey(w.company.id, { adapterType: "process", adapterConfig: { command: sandbox.script, args: [], env: { OUT: out } } })).agent;
  const issue = (await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "The task", projectId: p.id })).body;
  return { w, p, agent, issue };
}

async function runNow(w: World, agentId: string, issueId: string) {
  const wake = await client(w.tokens.owner).post(`/api/agents/${agentId}/wakeup`, { issueId });
  return finishedRun(await runOfWake(wake.body.id));
}

async function shows(w: World, issueId: string, error: RegExp) {
  const detail = (await client(w.tokens.owner).get(`/api/issues/${issueId}`)).body;
  expect(detail.workspace.error).toMatch(error);
  const inbox = (await client(w.tokens.owner).get(`/api/companies/${w.company.id}/inbox?kind=workspace_error`)).body;
  expect(inbox).toHaveLength(1);
  expect(inbox[0]).toMatchObject({ kind: "workspace_error", title: `${detail.identifier}'s workspace could not be made`, href: `/${w.company.issuePrefix}/issues/${detail.identifier}` });
  expect(inbox[0].summary).toMatch(error);
  const activity = await db().activityLog.findFirst({ where: { companyId: w.company.id, action: "workspace.failed", entityId: issueId } });
  expect((activity?.details as { error: string }).error).toMatch(error);
}

describe("failures", () => {
  it("git missing: the run fails saying so, the test-environment check reports it; once git is back the next run works and the item leaves the inbox", async () => {
    const { w, agent, issue } = await setup({ cwd: makeRepo(path.join(dir, "no-git")) });
    const savedPath = process.env.PATH;
    const empty = fs.mkdtempSync(path.join(dir, "empty-path-"));
    process.env.PATH = empty;
    let run;
    try {
      run = await runNow(w, agent.id, issue.id);
      const check = (await client(w.tokens.owner).post(`/api/agents/${agent.id}/test-environment`)).body;
      expect(check.ok).toBe(false);
      expect(check.checks.find((c: { name: string }) => c.name === "git")).toMatchObject({ ok: false, message: expect.stringMatching(/^git is not installed/) });
    } finally {
      process.env.PATH = savedPath;
    }
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/could not be made: git is not installed on this worker/);
    await shows(w, issue.id, /git is not installed/);

    const check = (await client(w.tokens.owner).post(`/api/agents/${agent.id}/test-environment`)).body;
    expect(check.checks.find((c: { name: string }) => c.name === "git")).toMatchObject({ ok: true, message: expect.stringMatching(/^git version/) });
    const again = await runNow(w, agent.id, issue.id);
    expect(again.status).toBe("succeeded");
    expect((await client(w.tokens.owner).get(`/api/issues/${issue.id}`)).body.workspace.error).toBeNull();
    expect((await client(w.tokens.owner).get(`/api/companies/${w.company.id}/inbox?kind=workspace_error`)).body).toEqual([]);
  });

  it("branch taken: a branch of that name not made for the issue fails the run and leaves no worktree", async () => {
    const repo = makeRepo(path.join(dir, "taken"));
    const { w, agent, issue } = await setup({ cwd: repo });
    gitIn(repo, "branch", `charter/${issue.identifier}-the-task`);
    const run = await runNow(w, agent.id, issue.id);
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(new RegExp(`the branch name is taken: charter/${issue.identifier}-the-task already exists`));
    await shows(w, issue.id, /branch name is taken/);
    expect(fs.existsSync(path.join(root, "worktrees", w.company.id, issue.identifier))).toBe(false);
    expect(gitIn(repo, "worktree", "list").split("\n")).toHaveLength(1);
  });

  it("an unreachable repository fails the run and leaves no clone", async () => {
    const { w, p, agent, issue } = await setup({ repoUrl: `file://${dir}/nowhere.git` });
    const run = await runNow(w, agent.id, issue.id);
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/the repository cannot be reached/);
    await shows(w, issue.id, /cannot be reached/);
    const pw = await db().projectWorkspace.findFirstOrThrow({ where: { projectId: p.id } });
    expect(fs.readdirSync(path.join(root, "clones")).filter((f) => f.startsWith(pw.id))).toEqual([]);
  });

  it("a path outside the root (a link inside it pointing away) fails the run and writes nothing there", async () => {
    const { w, agent, issue } = await setup({ cwd: makeRepo(path.join(dir, "escape")) });
    const away = fs.mkdtempSync(path.join(dir, "away-"));
    fs.mkdirSync(path.join(root, "worktrees"), { recursive: true });
    fs.symlinkSync(away, path.join(root, "worktrees", w.company.id));
    const run = await runNow(w, agent.id, issue.id);
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/could not be made: the path is outside the workspace root/);
    await shows(w, issue.id, /outside the workspace root/);
    expect(fs.readdirSync(away)).toEqual([]);
  });
});

describe("shared and the sweep", () => {
  it("a project folder that is not a repository is shared as it is (no branch)", async () => {
    const folder = path.join(dir, "plain");
    fs.mkdirSync(folder);
    const { w, agent, issue } = await setup({ cwd: folder });
    // the fake CLI commits: in a plain folder git fails after recording where it ran
    const run = await runNow(w, agent.id, issue.id);
    expect(seenBy(out, run.id).env).toMatchObject({ cwd: folder, SERVICE_WORKSPACE_CWD: folder, SERVICE_WORKSPACE_BRANCH: "", SERVICE_WORKSPACE_BASE_REF: "" });
    expect((await client(w.tokens.owner).get(`/api/issues/${issue.id}`)).body.workspace).toMatchObject({ policy: "shared", path: folder, branch: null });
  });

  it("the orphan sweep frees the workspace a dead worker's run held", async () => {
    const { w, p, agent, issue } = await setup({ cwd: path.join(dir, "plain") });
    const run = await db().heartbeatRun.create({
      data: { companyId: w.company.id, agentId: agent.id, issueId: issue.id, status: "running", adapterType: "process", workerId: "gone:1:dead", heartbeatAt: new Date(), startedAt: new Date() },
    });
    const ws = await db().executionWorkspace.create({ data: { companyId: w.company.id, projectId: p.id, issueId: issue.id, policy: "shared", lockedByRunId: run.id } });
    expect(await sweepOrphans()).toContain(run.id);
    expect((await db().executionWorkspace.findUniqueOrThrow({ where: { id: ws.id } })).lockedByRunId).toBeNull();
  });
});
