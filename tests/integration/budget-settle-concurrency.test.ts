// A budget change while cost events arrive: settleBudgets takes the budget locks the events take
// (lockBudgets, charter_budget_lock_company), and an event that waited on them decides with the new
// budget, so the agent ends paused exactly when its month's spend reaches the budget it ends with,
// wherever in the stream of events the change lands. Repeated, so a race of one in ten trials fails.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { createBoardUser, createAgentWithKey, createCompany } from "../factories";

const TRIALS = 20;
const CENTS = 50;

async function trial(opts: { budget: number; preSpent: number; events: number; newBudget: number }) {
  const company = await createCompany();
  const { token: owner } = await createBoardUser({ companyId: company.id, role: "owner" });
  const { agent, token } = await createAgentWithKey(company.id, { budgetMonthlyCents: opts.budget });
  const projects = await Promise.all(Array.from({ length: 4 }, (_, i) => db().project.create({ data: { companyId: company.id, name: `P${i}` } })));
  const post = (costCents: number, i: number) => client(token).post(`/api/companies/${company.id}/cost-events`,
    { agentId: agent.id, projectId: projects[i % 4].id, provider: "anthropic", model: "claude", costCents });
  if (opts.preSpent) expect((await post(opts.preSpent, 0)).status).toBe(201);
  // the change lands somewhere in the middle of the stream
  const at = 1 + Math.floor(Math.random() * (opts.events - 2));
  const calls = Array.from({ length: opts.events }, (_, i) => () => post(CENTS, i));
  calls.splice(at, 0, () => client(owner).patch(`/api/agents/${agent.id}`, { budgetMonthlyCents: opts.newBudget }));
  const answers = await Promise.all(calls.map((c) => c()));
  expect(answers.map((a) => a.status).filter((s) => s >= 300)).toEqual([]);
  const spent = opts.preSpent + opts.events * CENTS;
  const after = await db().agent.findUniqueOrThrow({ where: { id: agent.id } });
  return { spent, paused: after.status === "paused" && after.pauseReason === "budget" };
}

describe("a budget change while cost events arrive", () => {
  it(`lowered below the stream's spend: the agent ends paused, ${TRIALS} trials`, async () => {
    for (let t = 0; t < TRIALS; t++) {
      const r = await trial({ budget: 5000, preSpent: 0, events: 24, newBudget: 1000 });
      expect(r).toEqual({ spent: 1200, paused: true });
    }
  }, 180_000);

  it(`raised above the stream's spend while paused: the agent ends working, ${TRIALS} trials`, async () => {
    for (let t = 0; t < TRIALS; t++) {
      const r = await trial({ budget: 600, preSpent: 600, events: 12, newBudget: 1500 });
      expect(r).toEqual({ spent: 1200, paused: false });
    }
  }, 180_000);

  it(`raised, but not above the stream's spend: the agent ends paused, ${TRIALS} trials`, async () => {
    for (let t = 0; t < TRIALS; t++) {
      const r = await trial({ budget: 600, preSpent: 600, events: 12, newBudget: 1000 });
      expect(r).toEqual({ spent: 1200, paused: true });
    }
  }, 180_000);
});
