import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client, type ApiResponse } from "../support/api";
import { createBoardUser, createWorld } from "../factories";

const U = "0190a0a0-0000-7000-8000-000000000000";

describe("POST /api/companies/:companyId/labels", () => {
  it("creates a label with the default colour and writes label.created", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/labels`, { name: "bug" });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["color", "companyId", "createdAt", "id", "name"]);
    expect(res.body).toMatchObject({ companyId: w.company.id, name: "bug", color: "#6b7280" });
    expect(await db().label.findUniqueOrThrow({ where: { id: res.body.id } })).toMatchObject({ name: "bug", companyId: w.company.id });
    const activity = await db().activityLog.findMany({ where: { entityId: res.body.id } });
    expect(activity).toEqual([expect.objectContaining({ action: "label.created", entityType: "label", actorId: w.owner.id })]);
  });

  it("refuses a name the company already has (409), case-sensitively", async () => {
    const w = await createWorld();
    const api = client(w.tokens.engineer);
    const url = `/api/companies/${w.company.id}/labels`;
    expect((await api.post(url, { name: "Bug", color: "#ff0000" })).status).toBe(201);
    const dup = await api.post(url, { name: "Bug" });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("conflict");
    expect((await api.post(url, { name: " Bug " })).status).toBe(409);
    expect((await api.post(url, { name: "bug" })).status).toBe(201);
    // another company may use the same name
    const other = await createWorld();
    expect((await client(other.tokens.owner).post(`/api/companies/${other.company.id}/labels`, { name: "Bug" })).status).toBe(201);
    expect(await db().label.count({ where: { companyId: w.company.id } })).toBe(2);
  });

  it("lets exactly one of two concurrent creations of a name win; the other is 409", async () => {
    const w = await createWorld();
    const url = `/api/companies/${w.company.id}/labels`;
    const results = await Promise.all(Array.from({ length: 4 }, () => client(w.tokens.owner).post(url, { name: "race" })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await db().label.count({ where: { companyId: w.company.id, name: "race" } })).toBe(1);
  });

  it("answers 400 with details for a bad body", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const cases: [unknown, string][] = [[{}, "body.name"], [{ name: "" }, "body.name"], [{ name: "x", color: "red" }, "body.color"], [{ name: 5 }, "body.name"]];
    for (const [body, path] of cases) {
      const res = await api.post(`/api/companies/${w.company.id}/labels`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details).toEqual([expect.objectContaining({ path })]);
    }
    expect((await api.post(`/api/companies/${w.company.id}/labels`, { name: "x", issueIds: [] })).status).toBe(400);
    expect(await db().label.count({ where: { companyId: w.company.id } })).toBe(0);
  });

  it("is refused to viewers (403) while they can list", async () => {
    const w = await createWorld();
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    const res = await client(viewer.token).post(`/api/companies/${w.company.id}/labels`, { name: "peek" });
    expect(res.status).toBe(403);
    expect((await client(viewer.token).get(`/api/companies/${w.company.id}/labels`)).status).toBe(200);
    expect(await db().label.count({ where: { companyId: w.company.id } })).toBe(0);
  });
});

describe("PATCH, GET and DELETE /api/labels/:labelId", () => {
  async function labelled() {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const label = (await api.post(`/api/companies/${w.company.id}/labels`, { name: "infra", color: "#123456" })).body;
    return { w, api, label };
  }

  it("renames and recolours, writing label.updated; a taken name is 409", async () => {
    const { w, api, label } = await labelled();
    await api.post(`/api/companies/${w.company.id}/labels`, { name: "ops" });
    const res = await client(w.tokens.manager).patch(`/api/labels/${label.id}`, { name: "platform", color: "#abc" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...label, name: "platform", color: "#abc" });
    expect((await api.get(`/api/labels/${label.id}`)).body).toEqual(res.body);
    const taken = await api.patch(`/api/labels/${label.id}`, { name: "ops" });
    expect(taken.status).toBe(409);
    expect((await api.patch(`/api/labels/${label.id}`, { name: "platform" })).status).toBe(200);
    expect((await db().label.findUniqueOrThrow({ where: { id: label.id } })).name).toBe("platform");
    const activity = await db().activityLog.findMany({ where: { entityId: label.id, action: "label.updated" } });
    expect(activity.map((a) => a.details)).toEqual([{ changed: ["name", "color"] }, { changed: ["name"] }]);
  });

  it("deletes the label and unlinks it from every issue, writing label.deleted", async () => {
    const { w, api, label } = await labelled();
    const keep = (await api.post(`/api/companies/${w.company.id}/labels`, { name: "keep" })).body;
    const issue = await db().issue.create({
      data: { companyId: w.company.id, number: 1, identifier: `${w.company.issuePrefix}-1`, title: "Labelled" },
    });
    await db().issueLabel.createMany({
      data: [{ companyId: w.company.id, issueId: issue.id, labelId: label.id }, { companyId: w.company.id, issueId: issue.id, labelId: keep.id }],
    });
    const res = await client(w.tokens.engineer).delete(`/api/labels/${label.id}`);
    expect(res.status).toBe(204);
    expect(await db().label.findUnique({ where: { id: label.id } })).toBeNull();
    expect((await db().issueLabel.findMany({ where: { issueId: issue.id } })).map((l) => l.labelId)).toEqual([keep.id]);
    expect(await db().issue.findUnique({ where: { id: issue.id } })).not.toBeNull();
    const activity = await db().activityLog.findFirstOrThrow({ where: { entityId: label.id, action: "label.deleted" } });
    expect(activity).toMatchObject({ actorType: "agent", actorId: w.engineer.id, details: { name: "infra" } });
    expect((await api.delete(`/api/labels/${label.id}`)).status).toBe(404);
    expect((await api.get(`/api/labels/${label.id}`)).status).toBe(404);
  });

  it("is refused to viewers (403) and answers 404 for unknown ids", async () => {
    const { w, api, label } = await labelled();
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    expect((await client(viewer.token).patch(`/api/labels/${label.id}`, { name: "x" })).status).toBe(403);
    expect((await client(viewer.token).delete(`/api/labels/${label.id}`)).status).toBe(403);
    expect((await client(viewer.token).get(`/api/labels/${label.id}`)).status).toBe(200);
    expect(await db().label.findUniqueOrThrow({ where: { id: label.id } })).toMatchObject({ name: "infra", color: "#123456" });
    for (const id of [U, "infra"]) {
      expect((await api.patch(`/api/labels/${id}`, { name: "x" })).status).toBe(404);
      expect((await api.delete(`/api/labels/${id}`)).status).toBe(404);
    }
    expect((await api.patch(`/api/labels/${label.id}`, { companyId: U })).status).toBe(400);
  });
});

describe("GET /api/companies/:companyId/labels", () => {
  it("lists by name and pages with limit and cursor: every label exactly once", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    for (const name of ["delta", "Alpha", "charlie", "bravo", "echo"]) {
      expect((await api.post(`/api/companies/${w.company.id}/labels`, { name })).status).toBe(201);
    }
    const all = await client(w.tokens.engineer).get(`/api/companies/${w.company.id}/labels`);
    const names = all.body.map((l: { name: string }) => l.name);
    expect(names).toHaveLength(5);
    expect(new Set(names)).toEqual(new Set(["delta", "Alpha", "charlie", "bravo", "echo"]));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: ApiResponse = await api.get(`/api/companies/${w.company.id}/labels?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.map((l: { name: string }) => l.name));
      cursor = res.headers.get("x-next-cursor");
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(names);
    expect((await api.get(`/api/companies/${w.company.id}/labels?cursor=bad`)).status).toBe(400);
    expect((await api.get(`/api/companies/${w.company.id}/labels?name=bug`)).status).toBe(400);
  });
});
