// A budget pause says whose budget it was: the company's (every agent paused, explained once) or the
// agent's own; in the agent's read, the inbox and the activity row, whether a cost event or a budget
// change made it.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { createWorld } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;

const spend = (w: World, agentId: string, token: string, costCents: number) =>
  client(token).post(`/api/companies/${w.company.id}/cost-events`, { agentId, provider: "anthropic", model: "claude", costCents });

async function inboxSummaries(w: World) {
  const res = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/inbox?kind=agent_paused`);
  expect(res.status).toBe(200);
  return new Map((res.body as { key: string; summary?: string }[]).map((i) => [i.key.replace("paused:", ""), i.summary]));
}

const pauseScopes = async (w: World) =>
  (await db().activityLog.findMany({ where: { companyId: w.company.id, action: "agent.paused" } })).map((r) => (r.details as { scope?: string }).scope);

describe("budget pauses name their budget", () => {
  it("the company's budget: every agent says the company, in its read, the inbox and the activity", async () => {
    const w = await createWorld();
    await db().company.update({ where: { id: w.company.id }, data: { budgetMonthlyCents: 100 } });
    // the engineer's own budget is spent too: the company's explains the pause, once
    await db().agent.update({ where: { id: w.engineer.id }, data: { budgetMonthlyCents: 100 } });
    expect((await spend(w, w.engineer.id, w.tokens.engineer, 100)).status).toBe(201);
    for (const agent of [w.ceo, w.manager, w.engineer]) {
      const read = await client(w.tokens.owner).get(`/api/agents/${agent.id}`);
      expect(read.body).toMatchObject({ status: "paused", pauseReason: "budget", budgetPause: "company" });
    }
    const summaries = await inboxSummaries(w);
    expect([...summaries.values()]).toEqual(Array(3).fill("Paused: the company is over its monthly budget"));
    expect(await pauseScopes(w)).toEqual(["company", "company", "company"]);
  });

  it("the agent's own budget: only it is paused, and it says its own", async () => {
    const w = await createWorld();
    await db().agent.update({ where: { id: w.engineer.id }, data: { budgetMonthlyCents: 100 } });
    expect((await spend(w, w.engineer.id, w.tokens.engineer, 150)).status).toBe(201);
    expect((await client(w.tokens.owner).get(`/api/agents/${w.engineer.id}`)).body).toMatchObject({ pauseReason: "budget", budgetPause: "agent" });
    expect((await client(w.tokens.owner).get(`/api/agents/${w.manager.id}`)).body).not.toHaveProperty("budgetPause");
    expect(await inboxSummaries(w)).toEqual(new Map([[w.engineer.id, "Paused: over its own monthly budget"]]));
    expect(await pauseScopes(w)).toEqual(["agent"]);
  });

  it("lowering the company's budget below its spend pauses with the company's scope", async () => {
    const w = await createWorld();
    expect((await spend(w, w.engineer.id, w.tokens.engineer, 500)).status).toBe(201);
    const res = await client(w.tokens.owner).patch(`/api/companies/${w.company.id}`, { budgetMonthlyCents: 400 });
    expect(res.status).toBe(200);
    expect(await pauseScopes(w)).toEqual(["company", "company", "company"]);
    expect((await client(w.tokens.owner).get(`/api/agents/${w.ceo.id}`)).body.budgetPause).toBe("company");
  });
});
