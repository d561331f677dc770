// Month boundaries of spend and budget pauses, with the clock given explicitly: an event at the last
// millisecond of a month counts in that month, one at midnight UTC in the next, and a budget pause
// lifts when the next month begins.
import { describe, expect, it } from "vitest";
import { db, sqlTx } from "@/lib/db/client";
import { recordCostEvent } from "@/lib/services/costs";
import { settleBudgets } from "@/lib/services/budgets";
import { agentsSpendCents, companySpendCents } from "@/lib/services/spend";
import { createAgent, createCompany } from "../factories";

const at = (iso: string) => new Date(iso);

async function spend(companyId: string, agentId: string, cents: number, occurredAt: string, now = occurredAt) {
  return sqlTx((exec) => recordCostEvent(exec, { companyId, agentId, provider: "p", model: "m", costCents: cents, occurredAt: at(occurredAt) }, at(now)));
}

describe("UTC month boundaries", () => {
  it("counts the last millisecond of a month in that month and midnight UTC in the next", async () => {
    const company = await createCompany();
    const agent = await createAgent(company.id);
    await spend(company.id, agent.id, 10, "2026-03-31T23:59:59.999Z");
    await spend(company.id, agent.id, 7, "2026-04-01T00:00:00.000Z");
    expect(await companySpendCents(db(), company.id, at("2026-03-15T00:00:00Z"))).toBe(10);
    expect(await companySpendCents(db(), company.id, at("2026-04-30T23:59:59Z"))).toBe(7);
    expect((await agentsSpendCents(db(), company.id, [agent.id], at("2026-04-01T00:00:00Z"))).get(agent.id)).toBe(7);
    expect(await companySpendCents(db(), company.id, at("2026-05-01T00:00:00Z"))).toBe(0);
  });

  it("pauses at the budget in March and lifts the pause at midnight on April 1st, not a millisecond earlier", async () => {
    const company = await createCompany();
    const agent = await createAgent(company.id, { budgetMonthlyCents: 100 });
    const { budget } = await spend(company.id, agent.id, 100, "2026-03-31T23:00:00Z", "2026-03-31T23:00:00Z");
    expect(budget.pausedAgentIds).toEqual([agent.id]);
    const stillMarch = await sqlTx((exec) => settleBudgets(exec, null, company.id, at("2026-03-31T23:59:59.999Z")));
    expect(stillMarch.resumed).toEqual([]);
    expect((await db().agent.findUniqueOrThrow({ where: { id: agent.id } })).status).toBe("paused");
    const april = await sqlTx((exec) => settleBudgets(exec, null, company.id, at("2026-04-01T00:00:00Z")));
    expect(april.resumed).toEqual([agent.id]);
    expect(await db().agent.findUniqueOrThrow({ where: { id: agent.id } })).toMatchObject({ status: "idle", pauseReason: null });
  });

  it("a late report for last month neither warns nor pauses this month", async () => {
    const company = await createCompany();
    const agent = await createAgent(company.id, { budgetMonthlyCents: 100 });
    const { budget } = await spend(company.id, agent.id, 500, "2026-03-20T00:00:00Z", "2026-04-02T00:00:00Z");
    expect(budget).toMatchObject({ warning: false, agentWarning: false, pausedAgentIds: [] });
    expect((await db().agent.findUniqueOrThrow({ where: { id: agent.id } })).status).toBe("idle");
  });

  it("the company's limit pauses every working agent of the company, within the month only", async () => {
    const company = await createCompany({ budgetMonthlyCents: 50 });
    const a = await createAgent(company.id);
    const b = await createAgent(company.id);
    const pending = await createAgent(company.id, { status: "pending_approval" });
    const { budget } = await spend(company.id, a.id, 50, "2026-06-10T00:00:00Z");
    expect(budget.pausedAgentIds.sort()).toEqual([a.id, b.id].sort());
    expect((await db().agent.findUniqueOrThrow({ where: { id: pending.id } })).status).toBe("pending_approval");
    const july = await sqlTx((exec) => settleBudgets(exec, null, company.id, at("2026-07-01T00:00:00Z")));
    expect(july.resumed.sort()).toEqual([a.id, b.id].sort());
  });
});
