import { describe, expect, it, vi } from "vitest";
import pg from "pg";
import { db } from "@/lib/db/client";
import { client, type ApiResponse } from "../support/api";
import { createAgent, createBoardUser, createWorld } from "../factories";

const U = "0190a0a0-0000-7000-8000-000000000000";

type World = Awaited<ReturnType<typeof createWorld>>;

async function goals(w: World, ...titles: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const title of titles) ids.push((await client(w.tokens.owner).post(`/api/companies/${w.company.id}/goals`, { title })).body.id);
  return ids;
}

const projectKeys = [
  "branchTemplate", "companyId", "createdAt", "description", "goalId", "goalIds", "id", "leadAgentId", "name", "primaryWorkspace", "review",
  "status", "targetDate", "updatedAt", "verification", "workspacePolicy", "workspaces",
];

describe("POST /api/companies/:companyId/projects", () => {
  it("creates a planned project with no goals, lead, date or workspaces by default", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/projects`, { name: "Website" });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(projectKeys);
    expect(res.body).toMatchObject({
      companyId: w.company.id, name: "Website", description: "", status: "planned", goalId: null, goalIds: [], leadAgentId: null,
      targetDate: null, primaryWorkspace: null, workspaces: [],
    });
    expect(await db().project.findUniqueOrThrow({ where: { id: res.body.id } })).toMatchObject({ status: "planned", companyId: w.company.id });
    const activity = await db().activityLog.findMany({ where: { companyId: w.company.id, entityId: res.body.id } });
    expect(activity).toEqual([expect.objectContaining({ action: "project.created", entityType: "project", actorId: w.owner.id })]);
  });

  it("links goalIds in order, reports the first as goalId on every read, and takes a lead and a target date", async () => {
    const w = await createWorld();
    const [g1, g2, g3] = await goals(w, "One", "Two", "Three");
    const res = await client(w.tokens.engineer).post(`/api/companies/${w.company.id}/projects`, {
      name: "Launch", description: "Go live", status: "active", goalIds: [g3, g1, g2], leadAgentId: w.manager.id, targetDate: "2027-02-28",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: "active", goalId: g3, goalIds: [g3, g1, g2], leadAgentId: w.manager.id, targetDate: "2027-02-28", description: "Go live",
    });
    const links = await db().projectGoal.findMany({ where: { projectId: res.body.id }, orderBy: { position: "asc" } });
    expect(links.map((l) => [l.goalId, l.position])).toEqual([[g3, 0], [g1, 1], [g2, 2]]);
    const one = await client(w.tokens.engineer).get(`/api/projects/${res.body.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(res.body);
    const list = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/projects`);
    expect(list.body).toEqual([res.body]);
  });

  it("accepts goalId as shorthand for a single goal", async () => {
    const w = await createWorld();
    const [g] = await goals(w, "Only");
    const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/projects`, { name: "Solo", goalId: g });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ goalId: g, goalIds: [g] });
    const both = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/projects`, { name: "Both", goalId: g, goalIds: [g] });
    expect(both.status).toBe(400);
    expect(both.body.details).toEqual([expect.objectContaining({ path: "body.goalId" })]);
  });

  it("creates the inline workspace as the primary one", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/projects`, {
      name: "Repo", workspace: { cwd: "/srv/repo", repoUrl: "https://github.com/acme/repo.git", repoRef: "main" },
    });
    expect(res.status).toBe(201);
    expect(res.body.workspaces).toHaveLength(1);
    expect(res.body.workspaces[0]).toMatchObject({
      projectId: res.body.id, name: "repo", cwd: "/srv/repo", repoUrl: "https://github.com/acme/repo.git", repoRef: "main", isPrimary: true,
    });
    expect(res.body.primaryWorkspace).toEqual(res.body.workspaces[0]);
    const actions = (await db().activityLog.findMany({ where: { companyId: w.company.id }, orderBy: { id: "asc" } })).map((a) => a.action);
    expect(actions).toEqual(["project.created", "workspace.created"]);
  });

  it("answers 400 with details for bad bodies and creates nothing", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const cases: [unknown, string][] = [
      [{}, "body.name"],
      [{ name: "" }, "body.name"],
      [{ name: "x", status: "done" }, "body.status"],
      [{ name: "x", goalIds: "abc" }, "body.goalIds"],
      [{ name: "x", goalIds: ["abc"] }, "body.goalIds.0"],
      [{ name: "x", goalIds: [U, U] }, "body.goalIds"],
      [{ name: "x", targetDate: "2027-13-01" }, "body.targetDate"],
      [{ name: "x", targetDate: "2027-02-30" }, "body.targetDate"],
      [{ name: "x", targetDate: "tomorrow" }, "body.targetDate"],
      [{ name: "x", workspace: {} }, "body.workspace.cwd"],
      [{ name: "x", workspace: { name: "w", cwd: null } }, "body.workspace.cwd"],
      [{ name: "x", leadAgentId: "boss" }, "body.leadAgentId"],
    ];
    for (const [body, path] of cases) {
      const res = await api.post(`/api/companies/${w.company.id}/projects`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("validation_error");
      expect(res.body.details, JSON.stringify(body)).toEqual([expect.objectContaining({ path })]);
    }
    expect((await api.post(`/api/companies/${w.company.id}/projects`, { name: "x", goal: U })).status).toBe(400);
    expect(await db().project.count({ where: { companyId: w.company.id } })).toBe(0);
  });

  it("refuses goals and leads outside the company with 422 invalid_reference naming the bad one", async () => {
    const w = await createWorld();
    const other = await createWorld();
    const [mine] = await goals(w, "Mine");
    const [theirs] = await goals(other, "Theirs");
    const api = client(w.tokens.owner);
    const byIds = await api.post(`/api/companies/${w.company.id}/projects`, { name: "P", goalIds: [mine, theirs] });
    expect(byIds.status).toBe(422);
    expect(byIds.body).toMatchObject({ code: "invalid_reference", details: [{ path: "goalIds.1" }] });
    expect(byIds.body.error).toContain(theirs);
    const byId = await api.post(`/api/companies/${w.company.id}/projects`, { name: "P", goalId: U });
    expect(byId.body).toMatchObject({ code: "invalid_reference", details: [{ path: "goalId" }] });
    const retired = await createAgent(w.company.id, { name: "Gone", status: "terminated" });
    for (const leadAgentId of [other.manager.id, retired.id, U]) {
      const res = await api.post(`/api/companies/${w.company.id}/projects`, { name: "P", leadAgentId });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: "invalid_reference", details: [{ path: "leadAgentId" }] });
    }
    expect(await db().project.count({ where: { companyId: w.company.id } })).toBe(0);
    expect(await db().projectGoal.count({ where: { companyId: w.company.id } })).toBe(0);
  });

  it("is refused to board viewers with 403; members and any agent of the company may create", async () => {
    const w = await createWorld();
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    const member = await createBoardUser({ companyId: w.company.id, role: "member" });
    const denied = await client(viewer.token).post(`/api/companies/${w.company.id}/projects`, { name: "Nope" });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("forbidden");
    for (const token of [member.token, w.tokens.engineer, w.tokens.ceo]) {
      expect((await client(token).post(`/api/companies/${w.company.id}/projects`, { name: "Yes" })).status).toBe(201);
    }
    expect(await db().project.count({ where: { companyId: w.company.id, name: "Nope" } })).toBe(0);
  });
});

describe("PATCH /api/projects/:projectId", () => {
  async function project() {
    const w = await createWorld();
    const [g1, g2, g3] = await goals(w, "One", "Two", "Three");
    const p = (await client(w.tokens.owner).post(`/api/companies/${w.company.id}/projects`, { name: "P", goalIds: [g1, g2] })).body;
    return { w, p, g1, g2, g3, api: client(w.tokens.owner) };
  }

  it("replaces goalIds, and the first of them becomes goalId", async () => {
    const { p, g1, g2, g3, api } = await project();
    const res = await api.patch(`/api/projects/${p.id}`, { goalIds: [g3, g1] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ goalId: g3, goalIds: [g3, g1] });
    const links = await db().projectGoal.findMany({ where: { projectId: p.id }, orderBy: { position: "asc" } });
    expect(links.map((l) => l.goalId)).toEqual([g3, g1]);
    expect((await api.get(`/api/projects/${p.id}`)).body).toEqual(res.body);
    const single = await api.patch(`/api/projects/${p.id}`, { goalId: g2 });
    expect(single.body).toMatchObject({ goalId: g2, goalIds: [g2] });
    const cleared = await api.patch(`/api/projects/${p.id}`, { goalIds: [] });
    expect(cleared.body).toMatchObject({ goalId: null, goalIds: [] });
    expect(await db().projectGoal.count({ where: { projectId: p.id } })).toBe(0);
    const activity = await db().activityLog.findMany({ where: { entityId: p.id, action: "project.updated" }, orderBy: { id: "asc" } });
    expect(activity.map((a) => (a.details as { goalIds: string[] }).goalIds)).toEqual([[g3, g1], [g2], []]);
  });

  it("updates the other fields and leaves the goals alone when goalIds is absent", async () => {
    const { w, p, g1, g2, api } = await project();
    const res = await client(w.tokens.engineer).patch(`/api/projects/${p.id}`, {
      name: "Renamed", description: "New", status: "paused", leadAgentId: w.engineer.id, targetDate: "2030-01-15",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "Renamed", description: "New", status: "paused", leadAgentId: w.engineer.id, targetDate: "2030-01-15", goalIds: [g1, g2],
    });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(p.updatedAt));
    const unset = await api.patch(`/api/projects/${p.id}`, { leadAgentId: null, targetDate: null });
    expect(unset.body).toMatchObject({ leadAgentId: null, targetDate: null });
    const activity = await db().activityLog.findFirstOrThrow({ where: { entityId: p.id, action: "project.updated", actorType: "agent" } });
    expect((activity.details as { changed: string[] }).changed.sort()).toEqual(["description", "leadAgentId", "name", "status", "targetDate"]);
  });

  it("refuses foreign goals (422), unknown fields (400) and viewers (403), changing nothing", async () => {
    const { w, p, g1, g2, api } = await project();
    const other = await createWorld();
    const [theirs] = await goals(other, "Theirs");
    const bad = await api.patch(`/api/projects/${p.id}`, { goalIds: [theirs] });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: "invalid_reference", details: [{ path: "goalIds.0" }] });
    expect((await api.patch(`/api/projects/${p.id}`, { workspace: { cwd: "/x" } })).status).toBe(400);
    expect((await api.patch(`/api/projects/${p.id}`, { leadAgentId: other.ceo.id })).status).toBe(422);
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    const denied = await client(viewer.token).patch(`/api/projects/${p.id}`, { name: "Viewer's" });
    expect(denied.status).toBe(403);
    const after = await api.get(`/api/projects/${p.id}`);
    expect(after.body).toEqual(p);
    expect(after.body.goalIds).toEqual([g1, g2]);
    expect(await db().activityLog.count({ where: { entityId: p.id, action: "project.updated" } })).toBe(0);
  });

  it("answers 404 for unknown and malformed project ids", async () => {
    const w = await createWorld();
    for (const id of [U, "website"]) {
      expect((await client(w.tokens.owner).get(`/api/projects/${id}`)).status).toBe(404);
      expect((await client(w.tokens.owner).patch(`/api/projects/${id}`, { name: "x" })).status).toBe(404);
    }
  });
});

describe("GET /api/companies/:companyId/projects", () => {
  it("filters by status and is readable by viewers and agents", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const a = (await api.post(`/api/companies/${w.company.id}/projects`, { name: "A", status: "active" })).body;
    const b = (await api.post(`/api/companies/${w.company.id}/projects`, { name: "B" })).body;
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    for (const token of [viewer.token, w.tokens.engineer]) {
      const all = await client(token).get(`/api/companies/${w.company.id}/projects`);
      expect(all.body.map((p: { id: string }) => p.id)).toEqual([a.id, b.id]);
      const active = await client(token).get(`/api/companies/${w.company.id}/projects?status=active`);
      expect(active.body.map((p: { id: string }) => p.id)).toEqual([a.id]);
    }
    expect((await api.get(`/api/companies/${w.company.id}/projects?status=done`)).status).toBe(400);
    expect((await api.get(`/api/companies/${w.company.id}/projects?goalId=${U}`)).status).toBe(400);
  });

  it("pages with limit and cursor: every project exactly once", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await api.post(`/api/companies/${w.company.id}/projects`, { name: `P${i}` })).body.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: ApiResponse = await api.get(`/api/companies/${w.company.id}/projects?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.map((p: { id: string }) => p.id));
      cursor = res.headers.get("x-next-cursor");
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(made);
  });

  it("reads a page with the same number of queries whatever its size (no query per project)", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const [g1, g2] = await goals(w, "One", "Two");
    const make = async (n: number) => {
      for (let i = 0; i < n; i++) {
        await api.post(`/api/companies/${w.company.id}/projects`, { name: `P${i}`, goalIds: [g1, g2], workspace: { cwd: `/w/${i}` } });
      }
    };
    const countQueries = async () => {
      const spy = vi.spyOn(pg.Client.prototype, "query");
      try {
        const res = await api.get(`/api/companies/${w.company.id}/projects?limit=500`);
        expect(res.status).toBe(200);
        return { queries: spy.mock.calls.length, rows: res.body.length as number };
      } finally {
        spy.mockRestore();
      }
    };
    await make(2);
    const small = await countQueries();
    await make(10);
    const large = await countQueries();
    expect([small.rows, large.rows]).toEqual([2, 12]);
    expect(small.queries).toBeGreaterThan(0);
    expect(large.queries).toBe(small.queries);
  });
});
