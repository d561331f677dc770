import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { createAgentWithKey, createBoardUser, createWorld } from "../factories";

const event = (agentId: string, costCents: number, extra: Record<string, unknown> = {}) => ({
  agentId, provider: "anthropic", model: "claude-sonnet", inputTokens: 100, outputTokens: 50, costCents, ...extra,
});

const lastMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 12)).toISOString();
};

describe("POST /api/companies/:companyId/cost-events", () => {
  it("records an agent's own event and counts it in its month spend", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.engineer).post(`/api/companies/${w.company.id}/cost-events`, event(w.engineer.id, 250));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ agentId: w.engineer.id, companyId: w.company.id, costCents: 250, inputTokens: 100, outputTokens: 50, provider: "anthropic", spentMonthlyCents: 250 });
    const me = await client(w.tokens.engineer).get("/api/agents/me");
    expect(me.body.spentMonthlyCents).toBe(250);
    const company = await client(w.tokens.owner).get(`/api/companies/${w.company.id}`);
    expect(company.body.spentMonthlyCents).toBe(250);
  });

  it("month spend past 2^31 cents is still read (no overflow anywhere)", async () => {
    const w = await createWorld();
    for (let i = 0; i < 2; i++) {
      expect((await client(w.tokens.engineer).post(`/api/companies/${w.company.id}/cost-events`, event(w.engineer.id, 2_147_483_647))).status).toBe(201);
    }
    const me = await client(w.tokens.engineer).get("/api/agents/me");
    expect(me.status).toBe(200);
    expect(me.body.spentMonthlyCents).toBe(4_294_967_294);
    expect((await client(w.tokens.owner).get(`/api/agents/${w.engineer.id}`)).body.spentMonthlyCents).toBe(4_294_967_294);
    expect((await client(w.tokens.owner).get(`/api/companies/${w.company.id}`)).body.spentMonthlyCents).toBe(4_294_967_294);
    expect((await client(w.tokens.owner).get(`/api/companies/${w.company.id}/costs/summary`)).status).toBe(200);
  });

  it("refuses an agent reporting another agent's spend (403) and changes nothing", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.manager).post(`/api/companies/${w.company.id}/cost-events`, event(w.engineer.id, 10));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
    expect(await db().costEvent.count({ where: { companyId: w.company.id } })).toBe(0);
  });

  it("lets a board member report for any agent but not a viewer", async () => {
    const w = await createWorld();
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    expect((await client(viewer.token).post(`/api/companies/${w.company.id}/cost-events`, event(w.engineer.id, 10))).status).toBe(403);
    expect((await client(w.tokens.owner).post(`/api/companies/${w.company.id}/cost-events`, event(w.engineer.id, 10))).status).toBe(201);
  });

  it("answers 422 for an agent, issue or project of another company, 400 for bad fields", async () => {
    const w = await createWorld();
    const other = await createWorld();
    const owner = client(w.tokens.owner);
    const url = `/api/companies/${w.company.id}/cost-events`;
    const issue = (await client(other.tokens.owner).post(`/api/companies/${other.company.id}/issues`, { title: "Theirs" })).body;
    const project = (await client(other.tokens.owner).post(`/api/companies/${other.company.id}/projects`, { name: "Theirs" })).body;
    expect((await owner.post(url, event(other.engineer.id, 1))).body.code).toBe("invalid_reference");
    expect((await owner.post(url, event(w.engineer.id, 1, { issueId: issue.id }))).status).toBe(422);
    expect((await owner.post(url, event(w.engineer.id, 1, { projectId: project.id }))).status).toBe(422);
    for (const bad of [{ costCents: -1 }, { costCents: 1.5 }, { inputTokens: "many" }, { provider: "" }, { occurredAt: "yesterday" }, { occurredAt: "0000-01-01T00:00:00Z" }, { occurredAt: "1969-12-31T23:59:59Z" }, { extra: 1 }]) {
      const res = await owner.post(url, { ...event(w.engineer.id, 1), ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await owner.post(url, event(w.engineer.id, 1, { occurredAt: future }))).status).toBe(400);
    expect(await db().costEvent.count({ where: { companyId: w.company.id } })).toBe(0);
  });

  it("fills projectId from the issue", async () => {
    const w = await createWorld();
    const owner = client(w.tokens.owner);
    const project = (await owner.post(`/api/companies/${w.company.id}/projects`, { name: "Site" })).body;
    const issue = (await owner.post(`/api/companies/${w.company.id}/issues`, { title: "Build", projectId: project.id })).body;
    const res = await owner.post(`/api/companies/${w.company.id}/cost-events`, event(w.engineer.id, 5, { issueId: issue.id }));
    expect(res.body.projectId).toBe(project.id);
  });

  it("counts an event of last month in that month, not this one", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.engineer).post(`/api/companies/${w.company.id}/cost-events`, event(w.engineer.id, 700, { occurredAt: lastMonth() }));
    expect(res.status).toBe(201);
    expect((await client(w.tokens.engineer).get("/api/agents/me")).body.spentMonthlyCents).toBe(0);
  });
});

describe("agent budgets", () => {
  async function budgeted(budget: number) {
    const w = await createWorld();
    const a = await createAgentWithKey(w.company.id, { budgetMonthlyCents: budget, reportsToId: w.manager.id });
    const post = (cents: number, extra = {}) => client(a.token).post(`/api/companies/${w.company.id}/cost-events`, event(a.agent.id, cents, extra));
    const me = async () => (await client(a.token).get("/api/agents/me")).body;
    return { w, a, post, me };
  }

  it("warns at exactly 80% and not at 79.9%", async () => {
    const { post, me, w, a } = await budgeted(1000);
    await post(799);
    expect(await me()).toMatchObject({ spentMonthlyCents: 799, budgetWarning: false, status: "idle" });
    const res = await post(1);
    expect(res.body.budgetWarning).toBe(true);
    expect(await me()).toMatchObject({ spentMonthlyCents: 800, budgetWarning: true, status: "idle" });
    const warnings = await db().activityLog.count({ where: { companyId: w.company.id, action: "agent.budget_warning", entityId: a.agent.id } });
    expect(warnings).toBe(1);
    await post(1);
    expect(await db().activityLog.count({ where: { companyId: w.company.id, action: "agent.budget_warning" } })).toBe(1);
  });

  it("budgets up to the largest allowed (2^31 - 1 cents, agent and company) still record events and warn at 80%", async () => {
    const max = 2_147_483_647;
    const { post, w } = await budgeted(max);
    await db().company.update({ where: { id: w.company.id }, data: { budgetMonthlyCents: max } });
    const small = await post(1);
    expect(small.status).toBe(201);
    expect(small.body).toMatchObject({ spentMonthlyCents: 1, budgetMonthlyCents: max, budgetWarning: false });
    // 80% of max is 1,717,986,917.6 cents: one cent short of it, then at it
    expect((await post(1_717_986_916)).body).toMatchObject({ spentMonthlyCents: 1_717_986_917, budgetWarning: false });
    const crossing = await post(1);
    expect(crossing.status).toBe(201);
    expect(crossing.body).toMatchObject({ spentMonthlyCents: 1_717_986_918, budgetWarning: true });
    expect(await db().activityLog.count({ where: { companyId: w.company.id, action: { in: ["agent.budget_warning", "company.budget_warning"] } } })).toBe(2);
  });

  it("pauses at exactly 100% (pauseReason budget), not at 99.9%", async () => {
    const { post, a } = await budgeted(1000);
    await post(999);
    expect((await db().agent.findUniqueOrThrow({ where: { id: a.agent.id } })).status).toBe("idle");
    const res = await post(1);
    expect(res.body.pausedAgentIds).toEqual([a.agent.id]);
    expect(await db().agent.findUniqueOrThrow({ where: { id: a.agent.id } })).toMatchObject({ status: "paused", pauseReason: "budget" });
  });

  it("concurrent reports of one agent: exactly one 80% warning and the report reaching 100% pauses it", async () => {
    const { post, me, w, a } = await budgeted(1000);
    // 20 × 50 = 1000 at once, each on its own connection: every report sees the ones before it
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(50)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
    const spent = answers.map((r) => r.body.spentMonthlyCents as number).sort((x, y) => x - y);
    expect(spent).toEqual(Array.from({ length: 20 }, (_, i) => 50 * (i + 1)));
    expect(answers.filter((r) => r.body.pausedAgentIds.length > 0).map((r) => r.body.spentMonthlyCents)).toEqual([1000]);
    expect(await db().activityLog.count({ where: { companyId: w.company.id, action: "agent.budget_warning", entityId: a.agent.id } })).toBe(1);
    expect(await me()).toMatchObject({ spentMonthlyCents: 1000, status: "paused" });
  });

  it("a budget of 0 means no limit", async () => {
    const { post, a, me } = await budgeted(0);
    await post(1_000_000);
    expect(await me()).toMatchObject({ status: "idle", budgetWarning: false });
    expect((await db().agent.findUniqueOrThrow({ where: { id: a.agent.id } })).status).toBe("idle");
  });

  it("refuses checkouts of a budget-paused agent and resumes it when the board raises the budget", async () => {
    const { post, a, w } = await budgeted(100);
    await post(100);
    const issue = (await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "Work", assigneeAgentId: a.agent.id })).body;
    const checkout = () => client(a.token).post(`/api/issues/${issue.id}/checkout`, { agentId: a.agent.id, expectedStatuses: ["todo"] });
    expect((await checkout()).status).toBe(403);
    const raised = await client(w.tokens.owner).patch(`/api/agents/${a.agent.id}`, { budgetMonthlyCents: 200 });
    expect(raised.body).toMatchObject({ status: "idle", pauseReason: null, budgetMonthlyCents: 200 });
    expect((await checkout()).status).toBe(200);
  });

  it("lowering a budget below spend pauses the agent", async () => {
    const { post, a, w } = await budgeted(1000);
    await post(500);
    const res = await client(w.tokens.owner).patch(`/api/agents/${a.agent.id}`, { budgetMonthlyCents: 400 });
    expect(res.body).toMatchObject({ status: "paused", pauseReason: "budget" });
  });

  it("a new month lifts a budget pause: spend of last month does not count", async () => {
    const { a, me, w } = await budgeted(100);
    // last month's spend reached the budget and paused the agent; this month nothing is spent yet
    await client(w.tokens.owner).post(`/api/companies/${w.company.id}/cost-events`, event(a.agent.id, 150, { occurredAt: lastMonth() }));
    await db().agent.update({ where: { id: a.agent.id }, data: { status: "paused", pauseReason: "budget" } });
    expect(await me()).toMatchObject({ status: "idle", pauseReason: null, spentMonthlyCents: 0 });
    const resumed = await db().activityLog.findFirst({ where: { companyId: w.company.id, action: "agent.resumed", entityId: a.agent.id } });
    expect(resumed?.details).toMatchObject({ reason: "budget" });
  });

  it("does not lift a board pause", async () => {
    const { a, me, w } = await budgeted(100);
    await client(w.tokens.owner).post(`/api/agents/${a.agent.id}/pause`);
    await client(w.tokens.owner).patch(`/api/agents/${a.agent.id}`, { budgetMonthlyCents: 1000 });
    expect(await me()).toMatchObject({ status: "paused", pauseReason: "board" });
  });
});

describe("company budget", () => {
  it("every agent of a company at 80% of the company's budget sees budgetWarning on /me, whatever its own budget", async () => {
    const w = await createWorld();
    await client(w.tokens.owner).patch(`/api/companies/${w.company.id}`, { budgetMonthlyCents: 1000 });
    const me = async (token: string) => (await client(token).get("/api/agents/me")).body;
    await client(w.tokens.engineer).post(`/api/companies/${w.company.id}/cost-events`, event(w.engineer.id, 799));
    expect(await me(w.tokens.ceo)).toMatchObject({ budgetWarning: false, spentMonthlyCents: 0, budgetMonthlyCents: 0 });
    expect(await me(w.tokens.engineer)).toMatchObject({ budgetWarning: false, spentMonthlyCents: 799 });
    await client(w.tokens.engineer).post(`/api/companies/${w.company.id}/cost-events`, event(w.engineer.id, 1));
    // the CEO spent nothing and has no budget of its own: the company's line is what warns it
    expect(await me(w.tokens.ceo)).toMatchObject({ budgetWarning: true, spentMonthlyCents: 0, budgetMonthlyCents: 0 });
    expect(await me(w.tokens.engineer)).toMatchObject({ budgetWarning: true, spentMonthlyCents: 800 });
    // a company without a budget never warns
    await client(w.tokens.owner).patch(`/api/companies/${w.company.id}`, { budgetMonthlyCents: 0 });
    expect(await me(w.tokens.ceo)).toMatchObject({ budgetWarning: false });
  });

  it("pauses every working agent at the company's 100% and resumes them when it is raised", async () => {
    const w = await createWorld();
    await client(w.tokens.owner).patch(`/api/companies/${w.company.id}`, { budgetMonthlyCents: 1000 });
    await client(w.tokens.owner).post(`/api/agents/${w.manager.id}/pause`);
    const post = (cents: number) => client(w.tokens.engineer).post(`/api/companies/${w.company.id}/cost-events`, event(w.engineer.id, cents));
    await post(799);
    expect((await db().activityLog.count({ where: { companyId: w.company.id, action: "company.budget_warning" } }))).toBe(0);
    await post(1);
    expect((await db().activityLog.count({ where: { companyId: w.company.id, action: "company.budget_warning" } }))).toBe(1);
    await post(199);
    expect((await db().agent.findUniqueOrThrow({ where: { id: w.ceo.id } })).status).toBe("idle");
    await post(1);
    const agents = await db().agent.findMany({ where: { companyId: w.company.id } });
    const byId = new Map(agents.map((a) => [a.id, a]));
    expect(byId.get(w.ceo.id)).toMatchObject({ status: "paused", pauseReason: "budget" });
    expect(byId.get(w.engineer.id)).toMatchObject({ status: "paused", pauseReason: "budget" });
    expect(byId.get(w.manager.id)).toMatchObject({ status: "paused", pauseReason: "board" });
    const summary = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/costs/summary`);
    expect(summary.body).toMatchObject({ spentMonthlyCents: 1000, budgetMonthlyCents: 1000, budgetWarning: true, overBudget: true });
    await client(w.tokens.owner).patch(`/api/companies/${w.company.id}`, { budgetMonthlyCents: 5000 });
    const after = await db().agent.findMany({ where: { companyId: w.company.id } });
    const next = new Map(after.map((a) => [a.id, a]));
    expect(next.get(w.ceo.id)).toMatchObject({ status: "idle", pauseReason: null });
    expect(next.get(w.engineer.id)).toMatchObject({ status: "idle" });
    expect(next.get(w.manager.id)).toMatchObject({ status: "paused", pauseReason: "board" });
  });
});

describe("cost reports", () => {
  it("sums by agent and by project over from/to, with date-only to including the day", async () => {
    const w = await createWorld();
    const owner = client(w.tokens.owner);
    const project = (await owner.post(`/api/companies/${w.company.id}/projects`, { name: "Site" })).body;
    const url = `/api/companies/${w.company.id}/cost-events`;
    await owner.post(url, event(w.engineer.id, 100, { occurredAt: "2026-01-10T10:00:00Z", projectId: project.id }));
    await owner.post(url, event(w.engineer.id, 50, { occurredAt: "2026-01-10T23:59:59Z" }));
    await owner.post(url, event(w.manager.id, 7, { occurredAt: "2026-01-11T00:00:00Z" }));
    await owner.post(url, event(w.manager.id, 1000, { occurredAt: "2026-02-01T00:00:00Z" }));
    const q = "from=2026-01-10&to=2026-01-31";
    const summary = await owner.get(`/api/companies/${w.company.id}/costs/summary?${q}`);
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ costCents: 157, eventCount: 3, inputTokens: 300, outputTokens: 150, from: "2026-01-10T00:00:00.000Z", to: "2026-02-01T00:00:00.000Z" });
    expect(summary.body.daily).toEqual([
      { day: "2026-01-10", costCents: 150, inputTokens: 200, outputTokens: 100, eventCount: 2 },
      { day: "2026-01-11", costCents: 7, inputTokens: 100, outputTokens: 50, eventCount: 1 },
    ]);
    // a date-time range cutting through a day reads those events one by one
    const partial = await owner.get(`/api/companies/${w.company.id}/costs/summary?from=2026-01-10T12:00:00Z&to=2026-01-11T00:00:01Z`);
    expect(partial.body.costCents).toBe(57);
    const byAgent = await owner.get(`/api/companies/${w.company.id}/costs/by-agent?${q}`);
    expect(byAgent.body[0]).toMatchObject({ agentId: w.engineer.id, costCents: 150, eventCount: 2 });
    expect(byAgent.body.find((r: { agentId: string }) => r.agentId === w.manager.id)).toMatchObject({ costCents: 7 });
    expect(byAgent.body.find((r: { agentId: string }) => r.agentId === w.ceo.id)).toMatchObject({ costCents: 0 });
    const byProject = await owner.get(`/api/companies/${w.company.id}/costs/by-project?${q}`);
    expect(byProject.body).toEqual([
      { projectId: project.id, name: "Site", status: project.status, costCents: 100, inputTokens: 100, outputTokens: 50, eventCount: 1 },
      { projectId: null, name: null, status: null, costCents: 57, inputTokens: 200, outputTokens: 100, eventCount: 2 },
    ]);
  });

  it("defaults to the current month and refuses bad ranges", async () => {
    const w = await createWorld();
    const owner = client(w.tokens.owner);
    await client(w.tokens.engineer).post(`/api/companies/${w.company.id}/cost-events`, event(w.engineer.id, 42));
    await client(w.tokens.engineer).post(`/api/companies/${w.company.id}/cost-events`, event(w.engineer.id, 1, { occurredAt: lastMonth() }));
    expect((await owner.get(`/api/companies/${w.company.id}/costs/summary`)).body.costCents).toBe(42);
    for (const q of ["from=0001-01-01&to=9999-12-31", "from=0000-01-01T00:00:00Z", "to=9999-12-31T23:59:59Z", "from=1969-12-31&to=1970-01-02"]) {
      const res = await owner.get(`/api/companies/${w.company.id}/costs/by-agent?${q}`);
      expect(res.status, q).toBe(200);
    }
    for (const q of ["from=2026-02-01&to=2026-01-01", "from=nope", "to=2026-13-01", "from=2026-02-30", "bogus=1"]) {
      expect((await owner.get(`/api/companies/${w.company.id}/costs/summary?${q}`)).status, q).toBe(400);
    }
  });

  it("lets agents read reports and board viewers too", async () => {
    const w = await createWorld();
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    for (const token of [w.tokens.engineer, viewer.token]) {
      expect((await client(token).get(`/api/companies/${w.company.id}/costs/by-agent`)).status).toBe(200);
    }
  });

  it("lists the ledger newest first, filtered by agent", async () => {
    const w = await createWorld();
    const owner = client(w.tokens.owner);
    await owner.post(`/api/companies/${w.company.id}/cost-events`, event(w.engineer.id, 1, { occurredAt: "2026-01-01T00:00:00Z" }));
    await owner.post(`/api/companies/${w.company.id}/cost-events`, event(w.engineer.id, 2, { occurredAt: "2026-01-02T00:00:00Z" }));
    await owner.post(`/api/companies/${w.company.id}/cost-events`, event(w.manager.id, 3));
    const res = await owner.get(`/api/companies/${w.company.id}/cost-events?agentId=${w.engineer.id}&limit=1`);
    expect(res.body.map((e: { costCents: number }) => e.costCents)).toEqual([2]);
    expect(res.headers.get("x-next-cursor")).toBeTruthy();
  });
});
