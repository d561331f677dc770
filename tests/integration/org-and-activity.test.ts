import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client, type ApiResponse } from "../support/api";
import { images } from "../support/images";
import { createAgent, createBoardUser, createWorld } from "../factories";

interface Node {
  id: string;
  name: string;
  role: string;
  status: string;
  reports: Node[];
}

const ids = (nodes: Node[]) => nodes.map((n) => n.id);
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.reports)]);

describe("GET /api/companies/:companyId/org", () => {
  it("is a tree of reporting lines with the CEO first and terminated agents left out", async () => {
    const w = await createWorld();
    const zed = await createAgent(w.company.id, { name: "Zed Manager", role: "manager", reportsToId: w.ceo.id });
    const alpha = await createAgent(w.company.id, { name: "Alpha Manager", role: "manager", reportsToId: w.ceo.id });
    const adviser = await createAgent(w.company.id, { name: "Aardvark Adviser", role: "general" });
    const gone = await createAgent(w.company.id, { name: "Gone Engineer", status: "terminated", reportsToId: w.manager.id });
    const paused = await createAgent(w.company.id, { name: "Paused Engineer", status: "paused", reportsToId: alpha.id });

    const res = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/org`);
    expect(res.status).toBe(200);
    const roots: Node[] = res.body;
    expect(ids(roots)).toEqual([w.ceo.id, adviser.id]);
    const [ceo] = roots;
    expect(ceo).toMatchObject({ id: w.ceo.id, name: w.ceo.name, urlKey: w.ceo.urlKey, role: "ceo", title: "", icon: null, status: "idle" });
    // managers by name under the CEO
    expect(ids(ceo.reports)).toEqual([alpha.id, w.manager.id, zed.id].sort((a, b) => {
      const name = (id: string) => [alpha, w.manager, zed].find((x) => x.id === id)!.name;
      return name(a).localeCompare(name(b));
    }));
    const manager = ceo.reports.find((n) => n.id === w.manager.id)!;
    expect(ids(manager.reports)).toEqual([w.engineer.id]);
    expect(ids(ceo.reports.find((n) => n.id === alpha.id)!.reports)).toEqual([paused.id]);
    const all = flatten(roots);
    expect(all).toHaveLength(7);
    expect(ids(all)).not.toContain(gone.id);
  });

  it("drops an agent terminated through the API and hangs its reports under its manager", async () => {
    const w = await createWorld();
    await client(w.tokens.owner).post(`/api/agents/${w.manager.id}/terminate`);
    const res = await client(w.tokens.engineer).get(`/api/companies/${w.company.id}/org`);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([w.ceo.id]);
    expect(ids(res.body[0].reports)).toEqual([w.engineer.id]);
  });

  it("is readable by every agent and board viewer of the company", async () => {
    const w = await createWorld();
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    for (const token of [w.tokens.engineer, viewer.token, w.tokens.ceo]) {
      expect((await client(token).get(`/api/companies/${w.company.id}/org`)).status).toBe(200);
    }
  });
});

describe("GET /api/companies/:companyId/activity", () => {
  /** One of every mutation the API has today, by the company's owner. */
  async function busyCompany() {
    const admin = await createBoardUser({ isInstanceAdmin: true });
    const api = client(admin.token);
    const company = (await api.post("/api/companies", { name: "Busy Bees" })).body;
    const ceo = (await api.post(`/api/companies/${company.id}/agents`, { name: "Queen", role: "ceo", adapterType: "claude_local", adapterConfig: { cwd: "/hive" } })).body;
    const worker = (await api.post(`/api/companies/${company.id}/agents`, { adapterConfig: { command: "true" }, name: "Worker", reportsTo: ceo.id })).body;
    const asset = (await api.upload(`/api/companies/${company.id}/logo`, { bytes: images.png, name: "bee.png" })).body;
    await api.patch(`/api/companies/${company.id}`, { logoAssetId: asset.assetId, description: "Buzz" });
    await api.patch(`/api/agents/${worker.id}`, { title: "Forager", adapterConfig: { command: "forage" } });
    await api.post(`/api/agents/${worker.id}/pause`);
    await api.post(`/api/agents/${worker.id}/resume`);
    const key = (await api.post(`/api/agents/${worker.id}/keys`, { name: "k" })).body;
    await api.delete(`/api/agents/${worker.id}/keys/${key.id}`);
    await api.patch(`/api/agents/${ceo.id}/instructions-path`, { path: "QUEEN.md" });
    const [, firstRev] = (await api.get(`/api/agents/${worker.id}/config-revisions`)).body;
    await api.post(`/api/agents/${worker.id}/config-revisions/${firstRev.id}/rollback`);
    await api.post(`/api/agents/${worker.id}/terminate`);
    return { admin, api, company, ceo, worker, asset, key };
  }

  it("has a row for every mutation, by whom and on what, newest first", async () => {
    const { api, company, admin, worker, ceo, asset } = await busyCompany();
    const res = await api.get(`/api/companies/${company.id}/activity`);
    expect(res.status).toBe(200);
    const feed = res.body as Array<{ id: string; action: string; entityType: string; entityId: string; actorType: string; actorId: string; companyId: string }>;
    expect(feed.map((a) => a.action).reverse()).toEqual([
      "company.created", "agent.created", "agent.created", "asset.uploaded", "company.updated", "agent.updated",
      "agent.paused", "agent.resumed", "agent_key.created", "agent_key.revoked", "agent.instructions_path_set",
      "agent.config_rolled_back", "agent.terminated",
    ]);
    for (const row of feed) expect(row).toMatchObject({ companyId: company.id, actorType: "user", actorId: admin.user.id });
    const byAction = (action: string) => feed.filter((a) => a.action === action);
    expect(byAction("company.created")[0]).toMatchObject({ entityType: "company", entityId: company.id });
    expect(byAction("agent.created").map((a) => a.entityId).sort()).toEqual([ceo.id, worker.id].sort());
    expect(byAction("asset.uploaded")[0]).toMatchObject({ entityType: "asset", entityId: asset.assetId });
    expect(byAction("agent.paused")[0]).toMatchObject({ entityType: "agent", entityId: worker.id });
    expect(feed.map((a) => a.id)).toEqual([...feed.map((a) => a.id)].sort().reverse());
  });

  it("filters by entityType, entityId, action and actorType", async () => {
    const { api, company, worker } = await busyCompany();
    const base = `/api/companies/${company.id}/activity`;
    const companies = (await api.get(`${base}?entityType=company`)).body;
    expect(companies.map((a: { action: string }) => a.action).sort()).toEqual(["company.created", "company.updated"]);
    const paused = (await api.get(`${base}?action=agent.paused`)).body;
    expect(paused).toEqual([expect.objectContaining({ action: "agent.paused", entityId: worker.id })]);
    const workerRows = (await api.get(`${base}?entityType=agent&entityId=${worker.id}`)).body;
    expect(workerRows).toHaveLength(8);
    expect(workerRows.every((a: { entityId: string }) => a.entityId === worker.id)).toBe(true);
    expect((await api.get(`${base}?actorType=agent`)).body).toEqual([]);
    expect((await api.get(`${base}?actorType=user`)).body).toHaveLength(13);
  });

  it("records the acting agent", async () => {
    const w = await createWorld();
    await client(w.tokens.ceo).patch(`/api/companies/${w.company.id}`, { description: "Set by the CEO" });
    const feed = (await client(w.tokens.owner).get(`/api/companies/${w.company.id}/activity?actorType=agent`)).body;
    expect(feed).toEqual([expect.objectContaining({ action: "company.updated", actorType: "agent", actorId: w.ceo.id, details: { changed: ["description"] } })]);
  });

  it("pages with limit and cursor, every row exactly once", async () => {
    const { api, company } = await busyCompany();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: ApiResponse = await api.get(`/api/companies/${company.id}/activity?limit=4${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.map((a: { id: string }) => a.id));
      cursor = res.headers.get("x-next-cursor");
      if (cursor) expect(res.headers.get("link")).toContain('rel="next"');
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(4);
    expect(seen).toHaveLength(13);
    expect(new Set(seen).size).toBe(13);
    const filtered = await api.get(`/api/companies/${company.id}/activity?entityType=agent&limit=2`);
    const rest = await api.get(`/api/companies/${company.id}/activity?entityType=agent&limit=500&cursor=${filtered.headers.get("x-next-cursor")}`);
    expect(filtered.body.length + rest.body.length).toBe(10);
  });

  it("writes no row when the mutation fails", async () => {
    const w = await createWorld();
    const before = await db().activityLog.count({ where: { companyId: w.company.id } });
    const api = client(w.tokens.owner);
    expect((await api.post(`/api/companies/${w.company.id}/agents`, { adapterConfig: { command: "true" }, name: w.engineer.name })).status).toBe(409);
    expect((await api.patch(`/api/agents/${w.manager.id}`, { reportsTo: w.engineer.id })).status).toBe(422);
    expect((await api.patch(`/api/companies/${w.company.id}`, { spentMonthlyCents: 1 })).status).toBe(422);
    expect(await db().activityLog.count({ where: { companyId: w.company.id } })).toBe(before);
  });

  it("is readable by the company's agents and viewers; bad filters are 400", async () => {
    const w = await createWorld();
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    for (const token of [w.tokens.engineer, viewer.token]) {
      expect((await client(token).get(`/api/companies/${w.company.id}/activity`)).status).toBe(200);
    }
    for (const qs of ["actorType=robot", "verb=created", "limit=0"]) {
      const res = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/activity?${qs}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("validation_error");
    }
  });
});
