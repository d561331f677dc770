import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { REDACTED } from "@/lib/dto/agents";
import { client, call } from "../support/api";
import { addMember, createAgent, createBoardUser, createCompany, createUser, createWorld, mintAgentKey, mintBoardToken } from "../factories";

const chainItem = (a: { id: string; name: string; role: string; title: string }) => ({ id: a.id, name: a.name, role: a.role, title: a.title });

describe("POST /api/companies/:companyId/agents", () => {
  it("creates an idle agent with a urlKey slug of its name", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/agents`, {
      name: "Ada Lovelace", role: "researcher", title: "Analyst", icon: "microscope", capabilities: "maths",
      reportsTo: w.manager.id, budgetMonthlyCents: 2500, adapterConfig: { command: "true" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      companyId: w.company.id, name: "Ada Lovelace", urlKey: "ada-lovelace", role: "researcher", title: "Analyst", icon: "microscope",
      capabilities: "maths", status: "idle", pauseReason: null, reportsTo: w.manager.id, adapterType: "process",
      budgetMonthlyCents: 2500, spentMonthlyCents: 0,
    });
    expect(res.body.chainOfCommand.map((c: { id: string }) => c.id)).toEqual([w.manager.id, w.ceo.id]);
    const row = await db().agent.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({ status: "idle", urlKey: "ada-lovelace", reportsToId: w.manager.id });
  });

  it("lets a board member create agents but not a viewer, and no agent at all", async () => {
    const w = await createWorld();
    const member = await createBoardUser({ companyId: w.company.id, role: "member" });
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    expect((await client(member.token).post(`/api/companies/${w.company.id}/agents`, { adapterConfig: { command: "true" }, name: "By Member" })).status).toBe(201);
    for (const token of [viewer.token, w.tokens.ceo, w.tokens.manager]) {
      const res = await client(token).post(`/api/companies/${w.company.id}/agents`, { adapterConfig: { command: "true" }, name: "Forbidden Hire" });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("forbidden");
    }
    expect(await db().agent.count({ where: { companyId: w.company.id, name: "Forbidden Hire" } })).toBe(0);
  });

  it("gives a second agent with the same slug a numbered urlKey", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const a = await api.post(`/api/companies/${w.company.id}/agents`, { adapterConfig: { command: "true" }, name: "Build Bot" });
    const b = await api.post(`/api/companies/${w.company.id}/agents`, { adapterConfig: { command: "true" }, name: "Build-Bot!" });
    expect([a.body.urlKey, b.body.urlKey]).toEqual(["build-bot", "build-bot-2"]);
  });

  it("refuses a duplicate name (case-insensitive) with 409", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    expect((await api.post(`/api/companies/${w.company.id}/agents`, { adapterConfig: { command: "true" }, name: "Scout" })).status).toBe(201);
    const dup = await api.post(`/api/companies/${w.company.id}/agents`, { adapterConfig: { command: "true" }, name: "sCOUT" });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("conflict");
    expect(await db().agent.count({ where: { companyId: w.company.id, name: { equals: "scout", mode: "insensitive" } } })).toBe(1);
  });

  it("refuses a second CEO with 409", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/agents`, { adapterConfig: { command: "true" }, name: "Other Chief", role: "ceo" });
    expect(res.status).toBe(409);
    expect(await db().agent.count({ where: { companyId: w.company.id, role: "ceo" } })).toBe(1);
  });

  it("refuses a reportsTo that is unknown, terminated or of another company with 422 invalid_reference", async () => {
    const w = await createWorld();
    const other = await createWorld();
    const retired = await createAgent(w.company.id, { name: "Retired Boss", role: "manager", status: "terminated" });
    for (const reportsTo of ["0190a0a0-0000-7000-8000-000000000000", other.manager.id, retired.id]) {
      const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/agents`, { adapterConfig: { command: "true" }, name: "Lost", reportsTo });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: "invalid_reference", details: [{ path: "reportsTo" }] });
    }
    const notUuid = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/agents`, { adapterConfig: { command: "true" }, name: "Lost", reportsTo: "boss" });
    expect(notUuid.status).toBe(400);
    expect(await db().agent.count({ where: { companyId: w.company.id, name: "Lost" } })).toBe(0);
  });

  it("refuses an icon outside the published list, and an unknown role, with 400", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const icon = await api.post(`/api/companies/${w.company.id}/agents`, { adapterConfig: { command: "true" }, name: "Iconic", icon: "unicorn" });
    expect(icon.status).toBe(400);
    expect(icon.body.details).toEqual([expect.objectContaining({ path: "body.icon" })]);
    const role = await api.post(`/api/companies/${w.company.id}/agents`, { adapterConfig: { command: "true" }, name: "Iconic", role: "intern" });
    expect(role.status).toBe(400);
    const list = (await call("GET", "/llms/agent-icons.txt")).text.trim().split("\n");
    const ok = await api.post(`/api/companies/${w.company.id}/agents`, { adapterConfig: { command: "true" }, name: "Iconic", icon: list[list.length - 1] });
    expect(ok.status).toBe(201);
  });
});

describe("GET /api/agents/:agentId and /api/agents/me", () => {
  it("reads an agent by id and by urlKey, with its chain of command", async () => {
    const w = await createWorld();
    const byId = await client(w.tokens.ceo).get(`/api/agents/${w.engineer.id}`);
    expect(byId.status).toBe(200);
    const byKey = await client(w.tokens.ceo).get(`/api/agents/${w.engineer.urlKey.toUpperCase()}`);
    expect(byKey.status).toBe(200);
    expect(byKey.body).toEqual(byId.body);
    expect(byId.body.chainOfCommand).toEqual([chainItem(w.manager), chainItem(w.ceo)]);
  });

  it("lets any agent of the company read any other (the org is not access control)", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.engineer).get(`/api/agents/${w.ceo.id}`);
    expect(res.status).toBe(200);
    expect(res.body.chainOfCommand).toEqual([]);
  });

  it("answers 404 for an unknown agent", async () => {
    const w = await createWorld();
    expect((await client(w.tokens.owner).get("/api/agents/no-such-agent")).status).toBe(404);
    expect((await client(w.tokens.owner).get("/api/agents/0190a0a0-0000-7000-8000-000000000000")).status).toBe(404);
  });

  it("/me gives the calling agent with chainOfCommand from the direct manager upward", async () => {
    const w = await createWorld();
    const intern = await createAgent(w.company.id, { name: "Intern", role: "general", reportsToId: w.engineer.id });
    await db().agent.update({ where: { id: w.manager.id }, data: { title: "Head of Build" } });
    const res = await client(await mintAgentKey(intern)).get("/api/agents/me");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: intern.id, companyId: w.company.id, status: "idle", budgetWarning: false });
    expect(res.body.chainOfCommand).toEqual([
      chainItem(w.engineer),
      { ...chainItem(w.manager), title: "Head of Build" },
      chainItem(w.ceo),
    ]);
    for (const item of res.body.chainOfCommand) expect(Object.keys(item).sort()).toEqual(["id", "name", "role", "title"]);
  });

  it("/me refuses board users with 403", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.owner).get("/api/agents/me");
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
  });
});

describe("PATCH /api/agents/:agentId", () => {
  it("changes fields and the reporting line", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.owner).patch(`/api/agents/${w.engineer.id}`, { title: "Staff Engineer", reportsTo: w.ceo.id, icon: "code" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: "Staff Engineer", reportsTo: w.ceo.id, icon: "code" });
    expect(res.body.chainOfCommand).toEqual([chainItem(w.ceo)]);
    expect((await db().agent.findUniqueOrThrow({ where: { id: w.engineer.id } })).reportsToId).toBe(w.ceo.id);
  });

  it("refuses a reporting cycle with 422 reporting_cycle and changes nothing", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.owner).patch(`/api/agents/${w.manager.id}`, { reportsTo: w.engineer.id });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("reporting_cycle");
    expect((await db().agent.findUniqueOrThrow({ where: { id: w.manager.id } })).reportsToId).toBe(w.ceo.id);
  });

  it("refuses an agent as its own manager with 422", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.owner).patch(`/api/agents/${w.engineer.id}`, { reportsTo: w.engineer.id });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("reporting_cycle");
    expect((await db().agent.findUniqueOrThrow({ where: { id: w.engineer.id } })).reportsToId).toBe(w.manager.id);
  });

  it("refuses a manager of another company, a duplicate name and a second CEO", async () => {
    const w = await createWorld();
    const other = await createWorld();
    const api = client(w.tokens.owner);
    const foreign = await api.patch(`/api/agents/${w.engineer.id}`, { reportsTo: other.ceo.id });
    expect(foreign.status).toBe(422);
    expect(foreign.body.code).toBe("invalid_reference");
    expect((await api.patch(`/api/agents/${w.engineer.id}`, { name: w.manager.name.toUpperCase() })).status).toBe(409);
    expect((await api.patch(`/api/agents/${w.engineer.id}`, { role: "ceo", reportsTo: null })).status).toBe(409);
  });

  it("refuses agents with 403 and answers 422 for a terminated agent", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.ceo).patch(`/api/agents/${w.engineer.id}`, { title: "Changed by CEO" });
    expect(res.status).toBe(403);
    const gone = await createAgent(w.company.id, { name: "Gone", status: "terminated" });
    const dead = await client(w.tokens.owner).patch(`/api/agents/${gone.id}`, { title: "Zombie" });
    expect(dead.status).toBe(422);
    expect(dead.body.code).toBe("invalid_transition");
  });
});

describe("secrets in adapterConfig", () => {
  const secretConfig = {
    command: "run-agent", apiKey: "sk-live-123", nested: { password: "hunter2", host: "db.local" },
    env: { OPENAI_API_KEY: "sk-openai", PLAIN: "visible-but-env" },
  };

  it("are redacted in every response and kept when the placeholder is sent back", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const created = await api.post(`/api/companies/${w.company.id}/agents`, { name: "Secretive", adapterConfig: secretConfig });
    expect(created.status).toBe(201);
    const expected = {
      command: "run-agent", apiKey: REDACTED, nested: { password: REDACTED, host: "db.local" },
      // a harmless value stays readable; one under a secret-like name does not
      env: { OPENAI_API_KEY: REDACTED, PLAIN: "visible-but-env" },
    };
    expect(created.body.adapterConfig).toEqual(expected);
    const id = created.body.id;
    const agentToken = (await api.post(`/api/agents/${id}/keys`, {})).body.token;
    const views = [
      (await api.get(`/api/agents/${id}`)).body.adapterConfig,
      (await api.get(`/api/companies/${w.company.id}/agents`)).body.find((a: { id: string }) => a.id === id).adapterConfig,
      (await client(agentToken).get("/api/agents/me")).body.adapterConfig,
      (await api.get(`/api/agents/${id}/config-revisions`)).body[0].config.adapterConfig,
    ];
    for (const view of views) expect(view).toEqual(expected);
    for (const text of [JSON.stringify(views), (await api.get(`/api/companies/${w.company.id}/activity`)).text]) {
      expect(text).not.toContain("sk-live-123");
      expect(text).not.toContain("hunter2");
    }

    const echoed = { ...(await api.get(`/api/agents/${id}`)).body.adapterConfig, command: "run-agent --v2" };
    const patched = await api.patch(`/api/agents/${id}`, { adapterConfig: echoed });
    expect(patched.status).toBe(200);
    expect(patched.body.adapterConfig).toEqual({ ...expected, command: "run-agent --v2" });
    const row = await db().agent.findUniqueOrThrow({ where: { id } });
    expect(row.adapterConfig).toEqual({ ...secretConfig, command: "run-agent --v2" });

    const rotated = await api.patch(`/api/agents/${id}`, { adapterConfig: { ...echoed, apiKey: "sk-live-456" } });
    expect(rotated.body.adapterConfig.apiKey).toBe(REDACTED);
    expect((await db().agent.findUniqueOrThrow({ where: { id } })).adapterConfig).toMatchObject({ apiKey: "sk-live-456", nested: { password: "hunter2" } });
  });
});

describe("GET /api/companies/:companyId/agents", () => {
  async function companyWithAgents(n: number) {
    const company = await createCompany();
    const owner = await createUser();
    await addMember(company.id, owner.id, "owner");
    const agents = [];
    for (let i = 0; i < n; i++) agents.push(await createAgent(company.id, { name: `Worker ${i}` }));
    return { company, agents, api: client(await mintBoardToken(owner.id)) };
  }

  it("pages with limit and cursor: every row exactly once, next headers only while more rows exist", async () => {
    const { company, agents, api } = await companyWithAgents(7);
    const seen: string[] = [];
    let url = `/api/companies/${company.id}/agents?limit=3`;
    const sizes: number[] = [];
    for (let page = 0; page < 5; page++) {
      const res = await api.get(url);
      expect(res.status).toBe(200);
      sizes.push(res.body.length);
      seen.push(...res.body.map((a: { id: string }) => a.id));
      const next = res.headers.get("x-next-cursor");
      const link = res.headers.get("link");
      if (!next) {
        expect(link).toBeNull();
        break;
      }
      expect(link).toMatch(/^<http:\/\/charter\.test\/api\/companies\/[^>]+>; rel="next"$/);
      const linkUrl = new URL(/^<([^>]+)>/.exec(link!)![1]);
      expect(linkUrl.searchParams.get("cursor")).toBe(next);
      expect(linkUrl.searchParams.get("limit")).toBe("3");
      url = linkUrl.pathname + linkUrl.search;
    }
    expect(sizes).toEqual([3, 3, 1]);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual(agents.map((a) => a.id).sort());
  });

  it("has no next headers when the last page is exactly full, nor with the default limit", async () => {
    const { company, api } = await companyWithAgents(6);
    const first = await api.get(`/api/companies/${company.id}/agents?limit=3`);
    const second = await api.get(`/api/companies/${company.id}/agents?limit=3&cursor=${first.headers.get("x-next-cursor")}`);
    expect(second.body).toHaveLength(3);
    expect(second.headers.get("x-next-cursor")).toBeNull();
    const all = await api.get(`/api/companies/${company.id}/agents`);
    expect(all.body).toHaveLength(6);
    expect(all.headers.get("link")).toBeNull();
  });

  it.each(["limit=0", "limit=501", "limit=abc", "limit=2.5", "foo=1", "status=sleeping", "role=intern", "cursor=not-a-cursor"])(
    "answers 400 validation_error for ?%s",
    async (qs) => {
      const { company, api } = await companyWithAgents(1);
      const res = await api.get(`/api/companies/${company.id}/agents?${qs}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("validation_error");
      expect(res.body.details.length).toBeGreaterThan(0);
    },
  );

  it("accepts limit=500 and filters by status and role", async () => {
    const w = await createWorld();
    await createAgent(w.company.id, { name: "Sleeper", status: "paused" });
    const api = client(w.tokens.engineer);
    expect((await api.get(`/api/companies/${w.company.id}/agents?limit=500`)).body).toHaveLength(4);
    const paused = await api.get(`/api/companies/${w.company.id}/agents?status=paused`);
    expect(paused.body.map((a: { name: string }) => a.name)).toEqual(["Sleeper"]);
    const ceos = await api.get(`/api/companies/${w.company.id}/agents?role=ceo`);
    expect(ceos.body.map((a: { id: string }) => a.id)).toEqual([w.ceo.id]);
  });
});
