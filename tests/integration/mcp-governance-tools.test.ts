// The governance tools over /mcp (approvals, costs, dashboard): the same services and permission
// checks as the API, with real credentials and a real database.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { callTool, mcpCall } from "../support/oauth";
import { createWorld } from "../factories";

async function strategy(w: Awaited<ReturnType<typeof createWorld>>) {
  const res = await client(w.tokens.ceo).post(`/api/companies/${w.company.id}/approvals`, { type: "approve_ceo_strategy", requestedByAgentId: w.ceo.id, payload: { plan: "Ship it" } });
  expect(res.status).toBe(201);
  return res.body as { id: string };
}

describe("governance tools over /mcp", () => {
  it("the board lists and decides an approval; the requester is woken; agents may not decide", async () => {
    const w = await createWorld();
    const approval = await strategy(w);
    const pending = await callTool(w.tokens.owner, "list_approvals", { companyId: w.company.id, status: "pending" });
    expect(pending.value.items.map((a: { id: string }) => a.id)).toEqual([approval.id]);
    const byAgent = await callTool(w.tokens.manager, "decide_approval", { approvalId: approval.id, decision: "approve" });
    expect(byAgent.isError).toBe(true);
    expect(byAgent.value.code).toBe("forbidden");
    expect((await db().approval.findUniqueOrThrow({ where: { id: approval.id } })).status).toBe("pending");
    const decided = await callTool(w.tokens.owner, "decide_approval", { approvalId: approval.id, decision: "approve", decisionNote: "Go" });
    expect(decided.isError).toBe(false);
    expect((await db().approval.findUniqueOrThrow({ where: { id: approval.id } })).status).toBe("approved");
    const wakes = await db().wakeRequest.findMany({ where: { agentId: w.ceo.id, approvalId: approval.id } });
    expect(wakes).toHaveLength(1);
  });

  it("an agent reports its own cost (company and agent defaulted), which the dashboard then counts", async () => {
    const w = await createWorld();
    const reported = await callTool(w.tokens.engineer, "report_cost", { provider: "anthropic", model: "claude", inputTokens: 10, outputTokens: 5, costCents: 37 });
    expect(reported.isError).toBe(false);
    const events = await db().costEvent.findMany({ where: { companyId: w.company.id } });
    expect(events.map((e) => [e.agentId, e.costCents])).toEqual([[w.engineer.id, 37]]);
    const other = await callTool(w.tokens.engineer, "report_cost", { agentId: w.manager.id, provider: "p", model: "m", inputTokens: 1, outputTokens: 1, costCents: 1 });
    expect(other.isError).toBe(true);
    expect(await db().costEvent.count({ where: { companyId: w.company.id } })).toBe(1);
    const dashboard = await callTool(w.tokens.owner, "dashboard", { companyId: w.company.id });
    expect(dashboard.isError).toBe(false);
    expect(JSON.stringify(dashboard.value)).toContain("37");
  });

  it("another company's approval is not_found and stays pending; bad input changes nothing", async () => {
    const w = await createWorld();
    const other = await createWorld();
    const approval = await strategy(other);
    const res = await callTool(w.tokens.owner, "decide_approval", { approvalId: approval.id, decision: "reject" });
    expect(res.isError).toBe(true);
    expect(res.value.code).toBe("not_found");
    expect((await db().approval.findUniqueOrThrow({ where: { id: approval.id } })).status).toBe("pending");
    // the SDK refuses input its schema rejects before any tool runs (a plain-text error result)
    const bad = await mcpCall(w.tokens.owner, "tools/call", { name: "decide_approval", arguments: { approvalId: "x", decision: "maybe" } });
    expect(bad.body.result.isError).toBe(true);
    const noAgent = await callTool(w.tokens.owner, "report_cost", { companyId: w.company.id, provider: "p", model: "m", inputTokens: 1, outputTokens: 1, costCents: 1 });
    expect(noAgent.isError).toBe(true);
    expect(await db().costEvent.count({ where: { companyId: w.company.id } })).toBe(0);
  });
});
