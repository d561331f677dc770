// The governance tool definitions (wired to issue 4's services at merge time): inputs, defaults and
// the company a call lands in, through a real MCP client and server with a real agent's context.
import { describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { db } from "@/lib/db/client";
import { actorFromBearer } from "@/lib/auth/actor";
import { registerTools } from "@/lib/mcp/tools";
import { governanceTools, type GovernanceServices } from "@/lib/mcp/tools-governance";
import { createWorld } from "../factories";

async function connect(token: string) {
  const calls: unknown[][] = [];
  const record = (name: string) => async (...args: unknown[]) => {
    calls.push([name, ...args.slice(1)]);
    return { ok: name };
  };
  const services = { listApprovals: record("listApprovals"), decideApproval: record("decideApproval"), reportCost: record("reportCost"), getDashboard: record("getDashboard") } as GovernanceServices;
  const server = new McpServer({ name: "t", version: "1" });
  registerTools(server, { db: db(), actor: (await actorFromBearer(db(), token))! }, governanceTools(services));
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "t", version: "1" });
  await server.connect(b);
  await client.connect(a);
  return { client, calls };
}

describe("governance tools", () => {
  it("bind their inputs to the services, defaulting the company and the reporting agent to the caller's", async () => {
    const w = await createWorld();
    const { client, calls } = await connect(w.tokens.engineer);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["list_approvals", "decide_approval", "report_cost", "dashboard"]);
    for (const t of tools) {
      for (const [field, schema] of Object.entries(t.inputSchema.properties ?? {})) expect((schema as { description?: string }).description, `${t.name}.${field}`).toBeTruthy();
    }
    await client.callTool({ name: "list_approvals", arguments: { status: "pending" } });
    await client.callTool({ name: "decide_approval", arguments: { approvalId: w.company.id, decision: "approve", decisionNote: "ok" } });
    await client.callTool({ name: "report_cost", arguments: { provider: "anthropic", model: "claude", inputTokens: 10, outputTokens: 5, costCents: 3 } });
    await client.callTool({ name: "dashboard", arguments: {} });
    expect(calls).toEqual([
      ["listApprovals", w.company.id, { status: "pending", limit: 100, cursor: undefined }],
      ["decideApproval", w.company.id, "approve", "ok"],
      ["reportCost", w.company.id, { agentId: w.engineer.id, provider: "anthropic", model: "claude", inputTokens: 10, outputTokens: 5, costCents: 3 }],
      ["getDashboard", w.company.id],
    ]);
  });

  it("reject bad input before any service runs", async () => {
    const w = await createWorld();
    const { client, calls } = await connect(w.tokens.owner);
    const bad = await client.callTool({ name: "decide_approval", arguments: { approvalId: "x", decision: "maybe" } });
    expect(bad.isError).toBe(true);
    const noAgent = await client.callTool({ name: "report_cost", arguments: { provider: "p", model: "m", inputTokens: 1, outputTokens: 1, costCents: 1 } });
    expect(noAgent.isError).toBe(true);
    expect(calls).toEqual([]);
  });
});
