import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client, type ApiResponse } from "../support/api";
import { createAgent, createBoardUser, createWorld } from "../factories";

const U = "0190a0a0-0000-7000-8000-000000000000";

describe("POST /api/companies/:companyId/goals", () => {
  it("creates a goal with the defaults: level company, status active, no parent, no owner", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/goals`, { title: "Ship v1" });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(
      ["companyId", "createdAt", "description", "id", "level", "ownerAgentId", "parentId", "status", "title", "updatedAt"],
    );
    expect(res.body).toMatchObject({
      companyId: w.company.id, title: "Ship v1", description: "", level: "company", status: "active", parentId: null, ownerAgentId: null,
    });
    const row = await db().goal.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({ companyId: w.company.id, title: "Ship v1", level: "company", status: "active" });
    const activity = await db().activityLog.findMany({ where: { companyId: w.company.id, entityId: res.body.id } });
    expect(activity).toEqual([expect.objectContaining({ action: "goal.created", entityType: "goal", actorType: "user", actorId: w.owner.id })]);
  });

  it("lets an agent of the company create a sub-goal it owns, by the company's prefix", async () => {
    const w = await createWorld();
    const parent = (await client(w.tokens.owner).post(`/api/companies/${w.company.id}/goals`, { title: "Grow" })).body;
    const res = await client(w.tokens.engineer).post(`/api/companies/${w.company.issuePrefix}/goals`, {
      title: "  Faster builds  ", description: "CI under 5 minutes", level: "task", status: "planned", parentId: parent.id, ownerAgentId: w.engineer.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: "Faster builds", description: "CI under 5 minutes", level: "task", status: "planned", parentId: parent.id, ownerAgentId: w.engineer.id,
    });
    const activity = await db().activityLog.findFirstOrThrow({ where: { entityId: res.body.id } });
    expect(activity).toMatchObject({ action: "goal.created", actorType: "agent", actorId: w.engineer.id });
  });

  it("answers 400 with details for a missing title, unknown fields and unknown enum values", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const url = `/api/companies/${w.company.id}/goals`;
    const cases: [unknown, string][] = [
      [{}, "body.title"],
      [{ title: "   " }, "body.title"],
      [{ title: "x", level: "galaxy" }, "body.level"],
      [{ title: "x", status: "done" }, "body.status"],
      [{ title: "x", parentId: "root" }, "body.parentId"],
      [{ title: "x", ownerAgentId: 7 }, "body.ownerAgentId"],
    ];
    for (const [body, path] of cases) {
      const res = await api.post(url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("validation_error");
      expect(res.body.details).toEqual([expect.objectContaining({ path })]);
    }
    const unknown = await api.post(url, { title: "x", priority: "high" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details[0].message).toMatch(/priority/);
    expect(await db().goal.count({ where: { companyId: w.company.id } })).toBe(0);
  });

  it("refuses a parent or owner that is unknown, terminated or of another company with 422 invalid_reference", async () => {
    const w = await createWorld();
    const other = await createWorld();
    const foreignGoal = (await client(other.tokens.owner).post(`/api/companies/${other.company.id}/goals`, { title: "Theirs" })).body;
    const retired = await createAgent(w.company.id, { name: "Retired", status: "terminated" });
    const api = client(w.tokens.owner);
    const bad: [Record<string, string>, string][] = [
      [{ parentId: U }, "parentId"],
      [{ parentId: foreignGoal.id }, "parentId"],
      [{ ownerAgentId: U }, "ownerAgentId"],
      [{ ownerAgentId: other.engineer.id }, "ownerAgentId"],
      [{ ownerAgentId: retired.id }, "ownerAgentId"],
    ];
    for (const [fields, path] of bad) {
      const res = await api.post(`/api/companies/${w.company.id}/goals`, { title: "Lost", ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(res.body).toMatchObject({ code: "invalid_reference", details: [{ path }] });
    }
    expect(await db().goal.count({ where: { companyId: w.company.id } })).toBe(0);
  });

  it("is refused to board viewers (403) and allowed to members", async () => {
    const w = await createWorld();
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    const member = await createBoardUser({ companyId: w.company.id, role: "member" });
    const denied = await client(viewer.token).post(`/api/companies/${w.company.id}/goals`, { title: "Peek" });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("forbidden");
    expect((await client(member.token).post(`/api/companies/${w.company.id}/goals`, { title: "Do" })).status).toBe(201);
    expect(await db().goal.count({ where: { companyId: w.company.id, title: "Peek" } })).toBe(0);
  });
});

describe("GET and PATCH /api/goals/:goalId", () => {
  async function tree() {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const post = async (title: string, parentId?: string) =>
      (await api.post(`/api/companies/${w.company.id}/goals`, { title, ...(parentId ? { parentId } : {}) })).body;
    const a = await post("A");
    const b = await post("B", a.id);
    const c = await post("C", b.id);
    return { w, api, a, b, c };
  }

  it("reads a goal, for agents and viewers alike; unknown and malformed ids are 404", async () => {
    const { w, a, b } = await tree();
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    for (const token of [w.tokens.engineer, viewer.token, w.tokens.owner]) {
      const res = await client(token).get(`/api/goals/${b.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(b);
      expect(res.body.parentId).toBe(a.id);
    }
    for (const id of [U, "not-a-uuid"]) {
      const res = await client(w.tokens.owner).get(`/api/goals/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
  });

  it("updates fields and writes goal.updated naming what changed", async () => {
    const { w, api, b } = await tree();
    const res = await api.patch(`/api/goals/${b.id}`, { status: "achieved", level: "team", ownerAgentId: w.manager.id, description: "done" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: b.id, status: "achieved", level: "team", ownerAgentId: w.manager.id, description: "done", title: "B" });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(b.updatedAt));
    expect(await db().goal.findUniqueOrThrow({ where: { id: b.id } })).toMatchObject({ status: "achieved", ownerAgentId: w.manager.id });
    const activity = await db().activityLog.findFirstOrThrow({ where: { entityId: b.id, action: "goal.updated" } });
    expect((activity.details as { changed: string[] }).changed.sort()).toEqual(["description", "level", "ownerAgentId", "status"]);
  });

  it("moves a goal under another parent or to the top, but never under itself or a descendant (422 goal_cycle)", async () => {
    const { api, a, b, c } = await tree();
    for (const parentId of [a.id, b.id, c.id]) {
      const res = await api.patch(`/api/goals/${a.id}`, { parentId });
      expect(res.status, parentId).toBe(422);
      expect(res.body).toMatchObject({ code: "goal_cycle", details: [{ path: "parentId" }] });
    }
    expect((await db().goal.findUniqueOrThrow({ where: { id: a.id } })).parentId).toBeNull();
    expect(await db().activityLog.count({ where: { entityId: a.id, action: "goal.updated" } })).toBe(0);

    const moved = await api.patch(`/api/goals/${c.id}`, { parentId: a.id });
    expect(moved.status).toBe(200);
    expect(moved.body.parentId).toBe(a.id);
    // with C now beside B, B may go under C
    expect((await api.patch(`/api/goals/${b.id}`, { parentId: c.id })).status).toBe(200);
    const top = await api.patch(`/api/goals/${c.id}`, { parentId: null });
    expect(top.status).toBe(200);
    expect(top.body.parentId).toBeNull();
    const foreign = await createWorld();
    const theirs = (await client(foreign.tokens.owner).post(`/api/companies/${foreign.company.id}/goals`, { title: "X" })).body;
    const cross = await api.patch(`/api/goals/${b.id}`, { parentId: theirs.id });
    expect(cross.status).toBe(422);
    expect(cross.body.code).toBe("invalid_reference");
    expect((await db().goal.findUniqueOrThrow({ where: { id: b.id } })).parentId).toBe(c.id);
  });

  it("refuses concurrent moves that would together close a loop", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const post = async (title: string) => (await api.post(`/api/companies/${w.company.id}/goals`, { title })).body.id as string;
    const pairs: [string, string][] = [];
    for (let i = 0; i < 8; i++) pairs.push([await post(`X${i}`), await post(`Y${i}`)]);
    // X under Y and Y under X at once, for each pair: one of the two must lose
    const results = await Promise.all(pairs.flatMap(([x, y]) => [
      api.patch(`/api/goals/${x}`, { parentId: y }),
      api.patch(`/api/goals/${y}`, { parentId: x }),
    ]));
    for (let i = 0; i < pairs.length; i++) {
      expect([results[2 * i].status, results[2 * i + 1].status].sort()).toEqual([200, 422]);
      const [x, y] = await Promise.all(pairs[i].map((id) => db().goal.findUniqueOrThrow({ where: { id } })));
      expect(x.parentId === y.id && y.parentId === x.id).toBe(false);
    }
  });

  it("is refused to viewers with 403 and leaves the goal unchanged; an empty PATCH changes nothing", async () => {
    const { w, a } = await tree();
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    const res = await client(viewer.token).patch(`/api/goals/${a.id}`, { title: "Mine" });
    expect(res.status).toBe(403);
    expect((await db().goal.findUniqueOrThrow({ where: { id: a.id } })).title).toBe("A");
    const empty = await client(w.tokens.engineer).patch(`/api/goals/${a.id}`, {});
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual(a);
    expect(await db().activityLog.count({ where: { entityId: a.id, action: "goal.updated" } })).toBe(0);
  });

  it("answers 400 for unknown fields and 422 for an unknown owner", async () => {
    const { api, a } = await tree();
    expect((await api.patch(`/api/goals/${a.id}`, { companyId: U })).status).toBe(400);
    const owner = await api.patch(`/api/goals/${a.id}`, { ownerAgentId: U });
    expect(owner.status).toBe(422);
    expect(owner.body).toMatchObject({ code: "invalid_reference", details: [{ path: "ownerAgentId" }] });
  });
});

describe("GET /api/companies/:companyId/goals", () => {
  it("filters by status, level and parentId (null for top-level goals)", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const post = async (body: object) => (await api.post(`/api/companies/${w.company.id}/goals`, body)).body;
    const root = await post({ title: "Root" });
    const team = await post({ title: "Team", level: "team", parentId: root.id });
    const done = await post({ title: "Done", level: "task", status: "achieved", parentId: team.id });
    const ids = (res: ApiResponse) => res.body.map((g: { id: string }) => g.id);
    const list = (qs: string) => client(w.tokens.engineer).get(`/api/companies/${w.company.id}/goals${qs}`);
    expect(ids(await list(""))).toEqual([root.id, team.id, done.id]);
    expect(ids(await list("?status=achieved"))).toEqual([done.id]);
    expect(ids(await list("?level=team"))).toEqual([team.id]);
    expect(ids(await list(`?parentId=${team.id}`))).toEqual([done.id]);
    expect(ids(await list("?parentId=null"))).toEqual([root.id]);
    expect(ids(await list("?status=active&level=task"))).toEqual([]);
    for (const qs of ["?status=finished", "?level=planet", "?parentId=abc", "?owner=me", "?cursor=nope", "?limit=0"]) {
      const res = await list(qs);
      expect(res.status, qs).toBe(400);
      expect(res.body.code).toBe("validation_error");
    }
  });

  it("pages with limit and cursor: every goal exactly once", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push((await api.post(`/api/companies/${w.company.id}/goals`, { title: `G${i}` })).body.id);
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const res: ApiResponse = await api.get(`/api/companies/${w.company.id}/goals?limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      sizes.push(res.body.length);
      seen.push(...res.body.map((g: { id: string }) => g.id));
      cursor = res.headers.get("x-next-cursor");
      expect(res.headers.get("link") !== null).toBe(cursor !== null);
    } while (cursor);
    expect(sizes).toEqual([3, 3, 1]);
    expect(seen).toEqual(made);
  });
});
