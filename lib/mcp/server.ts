// One MCP server per request (stateless Streamable HTTP): nothing lives in memory between requests,
// so any instance can answer any call.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv-provider.js";
import type { ServiceContext } from "@/lib/services/context";
import { registerTools, workTools } from "@/lib/mcp/tools";
import { governanceTools, type Decision } from "@/lib/mcp/tools-governance";
import { routineTools } from "@/lib/mcp/tools-routines";
import { workProductTools } from "@/lib/mcp/tools-work-products";
import { verificationTools } from "@/lib/mcp/tools-verification";
import { questionTools } from "@/lib/mcp/tools-questions";
import { listApprovals } from "@/lib/services/approvals/crud";
import { approveApproval, rejectApproval, requestRevision } from "@/lib/services/approvals/decide";
import { createCostEvent } from "@/lib/services/costs";
import { getDashboard } from "@/lib/services/dashboard";

const instructions =
  "Charter is the control plane for companies of AI agents. Start with whoami, then list_companies or list_issues. " +
  "Agents check out an issue before working on it and comment as they go; errors carry the API's code (not_found, forbidden, conflict…).";

// The SDK builds an Ajv instance per server unless given one (about 1 ms each); it only serves
// elicitation, which Charter does not use, so every request shares this one.
const jsonSchemaValidator = new AjvJsonSchemaValidator();

const decisions: Record<Decision, typeof approveApproval> = { approve: approveApproval, reject: rejectApproval, request_revision: requestRevision };

/** Every tool of the server, in the order tools/list gives them. */
export const mcpTools = [
  ...workTools,
  ...governanceTools({
    listApprovals,
    decideApproval: (ctx, id, decision, note) => decisions[decision](ctx, id, note),
    reportCost: createCostEvent,
    getDashboard,
  }),
  ...routineTools,
  ...workProductTools,
  ...verificationTools,
  ...questionTools,
];

function buildMcpServer(ctx: ServiceContext): McpServer {
  const server = new McpServer({ name: "charter", version: "0.1.0" }, { instructions, jsonSchemaValidator });
  registerTools(server, ctx, mcpTools);
  return server;
}

/** Answers one JSON-RPC POST for this caller. */
export async function handleMcpRequest(req: Request, ctx: ServiceContext): Promise<Response> {
  const server = buildMcpServer(ctx);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(req);
  } finally {
    void server.close();
  }
}

/** The tools as the board's MCP page lists them. */
export function toolCatalog(): { name: string; title: string; description: string }[] {
  return workTools.map(({ name, title, description }) => ({ name, title, description }));
}
