// A project's workspace policy, branch template, verification command and review rule:
// read with their defaults, written by the board only, each refused value a 422 naming its field.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { createAgent, createBoardUser, createWorld } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;

async function newProject(w: World, body: Record<string, unknown> = {}) {
  const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/projects`, { name: `P ${Math.random()}`, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string } & Record<string, unknown>;
}

const tmp = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

describe("a project's settings on GET", () => {
  it("reads the defaults: shared without a workspace, the default template, no verification, no review", async () => {
    const w = await createWorld();
    const p = await newProject(w);
    const res = await client(w.tokens.engineer).get(`/api/projects/${p.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ workspacePolicy: "shared", branchTemplate: "charter/{identifier}-{slug}", verification: null, review: null });
    expect(await db().project.findUniqueOrThrow({ where: { id: p.id } })).toMatchObject({ workspacePolicy: null, branchTemplate: null });
  });

  it("defaults to git_worktree for a primary workspace that is a git repository or has a repoUrl, else shared", async () => {
    const w = await createWorld();
    const repo = tmp("charter-repo-");
    execFileSync("git", ["init", "-q", repo]);
    const plain = tmp("charter-plain-");
    const inRepo = await newProject(w, { workspace: { cwd: repo } });
    const inFolder = await newProject(w, { workspace: { cwd: plain } });
    const cloned = await newProject(w, { workspace: { repoUrl: "https://git.example.com/acme/site.git" } });
    const missing = await newProject(w, { workspace: { cwd: path.join(plain, "nowhere") } });
    expect([inRepo, inFolder, cloned, missing].map((p) => p.workspacePolicy)).toEqual(["git_worktree", "shared", "git_worktree", "shared"]);
    // the list answers the same shape
    const list = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/projects`);
    expect(list.body.map((p: { workspacePolicy: string }) => p.workspacePolicy)).toEqual(["git_worktree", "shared", "git_worktree", "shared"]);
    // the project's own policy wins over the default; null returns to it
    const api = client(w.tokens.owner);
    expect((await api.patch(`/api/projects/${inRepo.id}`, { workspacePolicy: "shared" })).body.workspacePolicy).toBe("shared");
    expect((await api.patch(`/api/projects/${inFolder.id}`, { workspacePolicy: "git_worktree" })).body.workspacePolicy).toBe("git_worktree");
    expect((await api.patch(`/api/projects/${inRepo.id}`, { workspacePolicy: null })).body.workspacePolicy).toBe("git_worktree");
    expect((await db().project.findUniqueOrThrow({ where: { id: inRepo.id } })).workspacePolicy).toBeNull();
  });
});

describe("PATCH /api/projects/:projectId settings", () => {
  it("lets the board set all four, stores the verification with its defaults, and clears each with null", async () => {
    const w = await createWorld();
    const p = await newProject(w);
    const api = client(w.tokens.owner);
    const res = await api.patch(`/api/projects/${p.id}`, {
      workspacePolicy: "git_worktree", branchTemplate: "work/{number}-{slug}",
      verification: { command: "npm", args: ["test"] }, review: { kind: "agent", agentId: w.manager.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      workspacePolicy: "git_worktree", branchTemplate: "work/{number}-{slug}",
      verification: { command: "npm", args: ["test"], timeoutSec: 900 }, review: { kind: "agent", agentId: w.manager.id },
    });
    const row = await db().project.findUniqueOrThrow({ where: { id: p.id } });
    expect(row).toMatchObject({
      workspacePolicy: "git_worktree", branchTemplate: "work/{number}-{slug}",
      verification: { command: "npm", args: ["test"], timeoutSec: 900 }, review: { kind: "agent", agentId: w.manager.id },
    });
    const activity = await db().activityLog.findFirstOrThrow({ where: { entityId: p.id, action: "project.updated" } });
    expect((activity.details as { changed: string[] }).changed.sort()).toEqual(["branchTemplate", "review", "verification", "workspacePolicy"]);

    const board = await api.patch(`/api/projects/${p.id}`, { review: { kind: "board" }, verification: { command: "make", timeoutSec: 7200 } });
    expect(board.body).toMatchObject({ review: { kind: "board" }, verification: { command: "make", args: [], timeoutSec: 7200 } });
    const cleared = await api.patch(`/api/projects/${p.id}`, { branchTemplate: null, verification: null, review: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ branchTemplate: "charter/{identifier}-{slug}", verification: null, review: null, workspacePolicy: "git_worktree" });
    expect(await db().project.findUniqueOrThrow({ where: { id: p.id } })).toMatchObject({ branchTemplate: null, verification: null, review: null });
  });

  it("refuses an agent's change of any of the four with 403 and changes nothing; other fields keep today's rules", async () => {
    const w = await createWorld();
    const p = await newProject(w, { verification: { command: "npm", args: ["test"] } });
    const before = await db().project.findUniqueOrThrow({ where: { id: p.id } });
    const bodies = [
      { workspacePolicy: "shared" }, { branchTemplate: "x/{identifier}" }, { verification: null }, { review: { kind: "board" } },
      { name: "Renamed", verification: { command: "true" } },
    ];
    for (const token of [w.tokens.engineer, w.tokens.ceo]) {
      for (const body of bodies) {
        const res = await client(token).patch(`/api/projects/${p.id}`, body);
        expect(res.status, JSON.stringify(body)).toBe(403);
        expect(res.body.code).toBe("forbidden");
      }
    }
    expect(await db().project.findUniqueOrThrow({ where: { id: p.id } })).toEqual(before);
    const renamed = await client(w.tokens.engineer).patch(`/api/projects/${p.id}`, { name: "Renamed by an agent", description: "ok" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Renamed by an agent", verification: { command: "npm" } });
  });

  it("answers 422 naming the field for each refused value, and changes nothing", async () => {
    const w = await createWorld();
    const p = await newProject(w);
    const other = await createWorld();
    const terminated = await createAgent(w.company.id, { name: "Gone", status: "terminated" });
    const cases: [Record<string, unknown>, string][] = [
      [{ branchTemplate: "refs/heads/{identifier}" }, "body.branchTemplate"],
      [{ branchTemplate: "charter/{slug}" }, "body.branchTemplate"],
      [{ branchTemplate: "a..b/{identifier}" }, "body.branchTemplate"],
      [{ branchTemplate: "x/{identifier} y" }, "body.branchTemplate"],
      [{ branchTemplate: "x/{nope}-{number}" }, "body.branchTemplate"],
      [{ branchTemplate: "" }, "body.branchTemplate"],
      [{ verification: { command: "x".repeat(4097) } }, "body.verification.command"],
      [{ verification: { command: "é".repeat(2049) } }, "body.verification.command"],
      [{ verification: { command: "sh", args: ["-c", "y".repeat(4095)] } }, "body.verification.args"],
      [{ verification: { command: "" } }, "body.verification.command"],
      [{ verification: { command: "   " } }, "body.verification.command"],
      [{ verification: { command: "npm", args: ["test", 3] } }, "body.verification.args.1"],
      [{ verification: { command: "npm", args: [null] } }, "body.verification.args.0"],
      [{ verification: { command: "npm", timeoutSec: 0 } }, "body.verification.timeoutSec"],
      [{ verification: { command: "npm", timeoutSec: 7201 } }, "body.verification.timeoutSec"],
      [{ verification: { command: "npm", timeoutSec: 1.5 } }, "body.verification.timeoutSec"],
      [{ review: { kind: "agent", agentId: other.engineer.id } }, "review.agentId"],
      [{ review: { kind: "agent", agentId: terminated.id } }, "review.agentId"],
      [{ review: { kind: "agent", agentId: "0190a0a0-0000-7000-8000-000000000000" } }, "review.agentId"],
    ];
    for (const [body, field] of cases) {
      const res = await client(w.tokens.owner).patch(`/api/projects/${p.id}`, body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(422);
      expect(res.body.details.map((d: { path: string }) => d.path), JSON.stringify(body).slice(0, 120)).toContain(field);
    }
    // a value of the wrong type is a malformed request (400), as everywhere
    // …and so is a body with a malformed field next to a refused one
    const bodies = [
      { workspacePolicy: "sometimes" }, { verification: "npm test" }, { review: { kind: "someone" } }, { verification: { command: "npm", shell: true } },
      { verification: { command: "npm", timeoutSec: "900" } }, { branchTemplate: "refs/x", workspacePolicy: "bogus" },
    ];
    for (const body of bodies) {
      const res = await client(w.tokens.owner).patch(`/api/projects/${p.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await db().project.findUniqueOrThrow({ where: { id: p.id } })).toMatchObject({ workspacePolicy: null, branchTemplate: null, verification: null, review: null });
    // the edges are accepted
    const edges = await client(w.tokens.owner).patch(`/api/projects/${p.id}`, {
      branchTemplate: "{identifier}", verification: { command: "x".repeat(4096), timeoutSec: 1 },
    });
    expect(edges.status, JSON.stringify(edges.body)).toBe(200);
  });

  it("lets a board member set them; a viewer gets 403; another company's board 404", async () => {
    const w = await createWorld();
    const p = await newProject(w);
    const member = await createBoardUser({ companyId: w.company.id, role: "member" });
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    const outsider = await createBoardUser({ companyId: (await createWorld()).company.id, role: "owner" });
    expect((await client(member.token).patch(`/api/projects/${p.id}`, { review: { kind: "board" } })).status).toBe(200);
    expect((await client(viewer.token).patch(`/api/projects/${p.id}`, { review: null })).status).toBe(403);
    expect((await client(outsider.token).patch(`/api/projects/${p.id}`, { review: null })).status).toBe(404);
    expect((await db().project.findUniqueOrThrow({ where: { id: p.id } })).review).toEqual({ kind: "board" });
  });
});

describe("POST /api/companies/:companyId/projects with settings", () => {
  it("takes the four fields from the board with the same rules, and refuses them from an agent", async () => {
    const w = await createWorld();
    const p = await newProject(w, {
      workspacePolicy: "shared", branchTemplate: "b/{identifier}", verification: { command: "npm", args: ["run", "check"], timeoutSec: 60 },
      review: { kind: "board" },
    });
    expect(p).toMatchObject({
      workspacePolicy: "shared", branchTemplate: "b/{identifier}", verification: { command: "npm", args: ["run", "check"], timeoutSec: 60 },
      review: { kind: "board" },
    });
    const url = `/api/companies/${w.company.id}/projects`;
    const bad = await client(w.tokens.owner).post(url, { name: "Bad", branchTemplate: "tags/{identifier}" });
    expect(bad.status).toBe(422);
    expect(bad.body.details[0].path).toBe("body.branchTemplate");
    const byAgent = await client(w.tokens.ceo).post(url, { name: "Sneaky", verification: { command: "curl" } });
    expect(byAgent.status).toBe(403);
    expect(await db().project.count({ where: { companyId: w.company.id, name: { in: ["Bad", "Sneaky"] } } })).toBe(0);
    expect((await client(w.tokens.ceo).post(url, { name: "Plain" })).status).toBe(201);
  });
});

describe("PATCH /api/issues/:issueId workspacePolicy", () => {
  it("lets the board override an issue's policy and clear it; agents get 403 and nothing changes", async () => {
    const w = await createWorld();
    const p = await newProject(w);
    const created = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "Fix it", projectId: p.id, assigneeAgentId: w.engineer.id });
    expect(created.status).toBe(201);
    const url = `/api/issues/${created.body.id}`;
    expect((await client(w.tokens.engineer).get(url)).body.workspacePolicy).toBeNull();
    const set = await client(w.tokens.owner).patch(url, { workspacePolicy: "shared" });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await client(w.tokens.engineer).get(url)).body.workspacePolicy).toBe("shared");
    const activity = await db().activityLog.findFirstOrThrow({ where: { entityId: created.body.id, action: "issue.updated" } });
    expect((activity.details as { changed: string[] }).changed).toEqual(["workspacePolicy"]);
    for (const token of [w.tokens.engineer, w.tokens.ceo]) {
      for (const body of [{ workspacePolicy: "git_worktree" }, { workspacePolicy: null }, { title: "Renamed", workspacePolicy: null }]) {
        const res = await client(token).patch(url, body);
        expect(res.status, JSON.stringify(body)).toBe(403);
      }
    }
    expect(await db().issue.findUniqueOrThrow({ where: { id: created.body.id } })).toMatchObject({ workspacePolicy: "shared", title: "Fix it" });
    expect((await client(w.tokens.engineer).patch(url, { title: "Renamed by its agent" })).status).toBe(200);
    expect((await client(w.tokens.owner).patch(url, { workspacePolicy: "sometimes" })).status).toBe(400);
    const outsider = await createBoardUser({ companyId: (await createWorld()).company.id, role: "owner" });
    expect((await client(outsider.token).patch(url, { workspacePolicy: "git_worktree" })).status).toBe(404);
    const cleared = await client(w.tokens.owner).patch(url, { workspacePolicy: null });
    expect(cleared.status).toBe(200);
    expect((await db().issue.findUniqueOrThrow({ where: { id: created.body.id } })).workspacePolicy).toBeNull();
  });
});
