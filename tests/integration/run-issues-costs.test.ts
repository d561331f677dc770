// Runs ↔ issues ↔ costs: a run is linked to every issue it wrote to with its key (checkout, update,
// comment, creation), not only the one it was woken for; a cost event posted with a run's key is
// that run's cost, and an issue's; the cost reports break spend down by model and by issue.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { recordRunCosts } from "@/lib/runtime/costs";
import type { ClaimedRun } from "@/lib/runtime/queue";
import { client } from "../support/api";
import { createAgent, createWorld, mintRunKey } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;

async function issue(w: World, title: string, extra: Record<string, unknown> = {}) {
  const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title, ...extra });
  expect(res.status).toBe(201);
  return res.body as { id: string; identifier: string };
}

const cost = (agentId: string, costCents: number, extra: Record<string, unknown> = {}) => ({ agentId, provider: "anthropic", model: "claude-sonnet", costCents, ...extra });

async function runOf(w: World, runId: string) {
  const res = await client(w.tokens.owner).get(`/api/heartbeat-runs/${runId}`);
  expect(res.status).toBe(200);
  return res.body as { issueId: string | null; issues: { id: string; identifier: string }[]; costCents: number };
}

const runIdsOfIssue = async (w: World, issueId: string) =>
  ((await client(w.tokens.owner).get(`/api/companies/${w.company.id}/heartbeat-runs?issueId=${issueId}`)).body as { id: string }[]).map((r) => r.id);

describe("a run is linked to the issues it works on", () => {
  it("checkout, update, comment and creation with a run's key link the run; reads list them both ways", async () => {
    const w = await createWorld();
    const woken = await issue(w, "Woken for", { assigneeAgentId: w.engineer.id });
    const checked = await issue(w, "Checked out", { assigneeAgentId: w.engineer.id });
    const [updated, commented] = [await issue(w, "Updated"), await issue(w, "Commented")];
    const untouched = await issue(w, "Untouched");
    const { run, token } = await mintRunKey(w.engineer);
    await db().heartbeatRun.update({ where: { id: run.id }, data: { issueId: woken.id } });
    const agent = client(token);
    const checkout = await agent.post(`/api/issues/${checked.id}/checkout`, { agentId: w.engineer.id, expectedStatuses: ["todo"] });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect((await agent.patch(`/api/issues/${updated.id}`, { priority: "high" })).status).toBe(200);
    expect((await agent.post(`/api/issues/${commented.id}/comments`, { body: "Looked into it" })).status).toBe(201);
    const created = await agent.post(`/api/companies/${w.company.id}/issues`, { title: "Delegated", assigneeAgentId: w.manager.id });
    expect(created.status).toBe(201);
    // twice on the same issue is still one link
    expect((await agent.post(`/api/issues/${commented.id}/comments`, { body: "Again" })).status).toBe(201);

    const read = await runOf(w, run.id);
    expect(read.issues.map((i) => i.id)).toEqual([woken.id, checked.id, updated.id, commented.id, created.body.id]);
    for (const i of [woken, checked, updated, commented, created.body]) expect(await runIdsOfIssue(w, i.id)).toEqual([run.id]);
    expect(await runIdsOfIssue(w, untouched.id)).toEqual([]);
  });

  it("a long-lived key or a board user links nothing", async () => {
    const w = await createWorld();
    const i = await issue(w, "Plain");
    expect((await client(w.tokens.engineer).post(`/api/issues/${i.id}/comments`, { body: "from outside a run" })).status).toBe(201);
    expect((await client(w.tokens.owner).patch(`/api/issues/${i.id}`, { priority: "low" })).status).toBe(200);
    expect(await db().heartbeatRunIssue.count({ where: { companyId: w.company.id } })).toBe(0);
  });

  it("another company's board sees neither the run nor the issue's runs (404)", async () => {
    const w = await createWorld();
    const other = await createWorld();
    const i = await issue(w, "Private");
    const { run, token } = await mintRunKey(w.engineer);
    expect((await client(token).post(`/api/issues/${i.id}/comments`, { body: "hi" })).status).toBe(201);
    expect((await client(other.tokens.owner).get(`/api/heartbeat-runs/${run.id}`)).status).toBe(404);
    expect((await client(other.tokens.owner).get(`/api/companies/${w.company.id}/heartbeat-runs?issueId=${i.id}`)).status).toBe(404);
    // asking its own company about the outsider's issue lists nothing
    const own = await client(other.tokens.owner).get(`/api/companies/${other.company.id}/heartbeat-runs?issueId=${i.id}`);
    expect(own.status).toBe(200);
    expect(own.body).toEqual([]);
  });
});

describe("a run's and an issue's cost are the sums of their events", () => {
  it("events posted with a run's key are the run's cost, and the issue's (the run's issue when none is named)", async () => {
    const w = await createWorld();
    const woken = await issue(w, "Woken for");
    const other = await issue(w, "Other");
    const { run, token } = await mintRunKey(w.engineer);
    await db().heartbeatRun.update({ where: { id: run.id }, data: { issueId: woken.id } });
    const post = (body: object) => client(token).post(`/api/companies/${w.company.id}/cost-events`, body);
    const a = await post(cost(w.engineer.id, 120));
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ runId: run.id, issueId: woken.id });
    expect((await post(cost(w.engineer.id, 30, { issueId: other.id, model: "claude-opus" }))).status).toBe(201);
    // a long-lived key's event is nobody's run's
    expect((await client(w.tokens.engineer).post(`/api/companies/${w.company.id}/cost-events`, cost(w.engineer.id, 1000))).status).toBe(201);

    expect((await runOf(w, run.id)).costCents).toBe(150);
    const sum = await db().costEvent.aggregate({ where: { runId: run.id }, _sum: { costCents: true } });
    expect(sum._sum.costCents).toBe(150);
    const listed = (await client(w.tokens.owner).get(`/api/companies/${w.company.id}/heartbeat-runs?agentId=${w.engineer.id}`)).body as { id: string; costCents: number }[];
    expect(listed.find((r) => r.id === run.id)?.costCents).toBe(150);
    expect((await client(w.tokens.owner).get(`/api/issues/${woken.id}`)).body.costCents).toBe(120);
    expect((await client(w.tokens.owner).get(`/api/issues/${other.id}`)).body.costCents).toBe(30);
  });

  it("the usage a coding CLI reported counts beside the agent's own events, and only once when its write is retried", async () => {
    const w = await createWorld();
    const woken = await issue(w, "Woken for");
    const { run, token } = await mintRunKey(w.engineer);
    await db().heartbeatRun.update({ where: { id: run.id }, data: { issueId: woken.id } });
    expect((await client(token).post(`/api/companies/${w.company.id}/cost-events`, cost(w.engineer.id, 25))).status).toBe(201);
    const claimed = { runId: run.id, companyId: w.company.id, agentId: w.engineer.id, issueId: woken.id } as ClaimedRun;
    const usage = [{ provider: "anthropic", model: "claude-sonnet-4-5", inputTokens: 1000, outputTokens: 200, costCents: 4 }];
    expect(await recordRunCosts(claimed, usage)).toBe(4);
    // the worker retries the write when the answer was lost: nothing is added the second time
    expect(await recordRunCosts(claimed, usage)).toBe(4);
    expect((await runOf(w, run.id)).costCents).toBe(29);
    expect(await db().costEvent.count({ where: { runId: run.id } })).toBe(2);
    expect((await client(w.tokens.owner).get(`/api/issues/${woken.id}`)).body.costCents).toBe(29);
  });

  it("a run's cost saturates at the column's limit instead of failing the event", async () => {
    const w = await createWorld();
    const { run, token } = await mintRunKey(w.engineer);
    for (let i = 0; i < 2; i++) {
      expect((await client(token).post(`/api/companies/${w.company.id}/cost-events`, cost(w.engineer.id, 2_147_483_647))).status).toBe(201);
    }
    expect((await runOf(w, run.id)).costCents).toBe(2_147_483_647);
  });
});

describe("cost reports by model and by issue", () => {
  it("by model sums over the range; by issue lists the most expensive issues first", async () => {
    const w = await createWorld();
    const [cheap, dear] = [await issue(w, "Cheap"), await issue(w, "Dear")];
    const post = (body: object) => client(w.tokens.engineer).post(`/api/companies/${w.company.id}/cost-events`, body);
    await post(cost(w.engineer.id, 100, { issueId: dear.id }));
    await post(cost(w.engineer.id, 50, { issueId: dear.id, provider: "openai", model: "gpt-5" }));
    await post(cost(w.engineer.id, 5, { issueId: cheap.id }));
    await post(cost(w.engineer.id, 7));
    // last month: outside this month's range
    const now = new Date();
    await post(cost(w.engineer.id, 999, { occurredAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10)).toISOString() }));

    const byModel = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/costs/by-model`);
    expect(byModel.status).toBe(200);
    expect(byModel.body.map((r: { provider: string; model: string; costCents: number; eventCount: number }) => [r.provider, r.model, r.costCents, r.eventCount]))
      .toEqual([["anthropic", "claude-sonnet", 112, 3], ["openai", "gpt-5", 50, 1]]);
    // a range of date-times reads the edge days from the events themselves
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10, 0, 0)).toISOString();
    const edge = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/costs/by-model?from=${encodeURIComponent(start)}&to=${encodeURIComponent(new Date(Date.parse(start) + 3_600_000).toISOString())}`);
    expect(edge.body).toMatchObject([{ provider: "anthropic", model: "claude-sonnet", costCents: 999 }]);

    const byIssue = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/costs/by-issue`);
    expect(byIssue.status).toBe(200);
    expect(byIssue.body.map((r: { identifier: string; costCents: number }) => [r.identifier, r.costCents])).toEqual([[dear.identifier, 150], [cheap.identifier, 5]]);
  });

  it("the model rollup and the issue totals equal the ledger", async () => {
    const w = await createWorld();
    const i = await issue(w, "Totals");
    const extra = await createAgent(w.company.id);
    const { token } = await mintRunKey(extra);
    await Promise.all(Array.from({ length: 12 }, (_, n) => client(n % 2 ? token : w.tokens.engineer).post(`/api/companies/${w.company.id}/cost-events`,
      cost(n % 2 ? extra.id : w.engineer.id, 10 + n, { issueId: i.id, model: n % 3 ? "claude-sonnet" : "claude-opus" }))));
    const [events, models, issues] = await Promise.all([
      db().costEvent.aggregate({ where: { companyId: w.company.id }, _sum: { costCents: true }, _count: true }),
      db().costModelRollup.aggregate({ where: { companyId: w.company.id }, _sum: { costCents: true, eventCount: true } }),
      db().issueCost.aggregate({ where: { companyId: w.company.id }, _sum: { costCents: true, eventCount: true } }),
    ]);
    expect(Number(models._sum.costCents)).toBe(events._sum.costCents);
    expect(models._sum.eventCount).toBe(events._count);
    expect(Number(issues._sum.costCents)).toBe(events._sum.costCents);
  });

  it("an outsider gets 404 from both reports", async () => {
    const w = await createWorld();
    const other = await createWorld();
    for (const path of ["by-model", "by-issue"]) {
      expect((await client(other.tokens.owner).get(`/api/companies/${w.company.id}/costs/${path}`)).status).toBe(404);
    }
  });
});
