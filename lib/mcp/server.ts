// One MCP server per request (stateless Streamable HTTP): nothing lives in memory between requests,
// so any instance can answer any call.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { ServiceContext } from "@/lib/services/context";
import { registerWorkTools } from "@/lib/mcp/tools";

const instructions =
  "Charter is the control plane for companies of AI agents. Start with whoami, then list_companies or list_issues. " +
  "Agents check out an issue before working on it and comment as they go; errors carry the API's code (not_found, forbidden, conflict…).";

export function buildMcpServer(ctx: ServiceContext): McpServer {
  const server = new McpServer({ name: "charter", version: "0.1.0" }, { instructions });
  registerWorkTools(server, ctx);
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

export interface ToolInfo {
  name: string;
  title?: string;
  description?: string;
}

/** The tools as a client sees them (tools/list over an in-memory pair), for the board's MCP page. */
export async function toolCatalog(ctx: ServiceContext): Promise<ToolInfo[]> {
  const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
  const { InMemoryTransport } = await import("@modelcontextprotocol/sdk/inMemory.js");
  const server = buildMcpServer(ctx);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "charter-board", version: "0.1.0" });
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    const { tools } = await client.listTools();
    return tools.map((t) => ({ name: t.name, title: t.title, description: t.description }));
  } finally {
    await client.close();
    await server.close();
  }
}
