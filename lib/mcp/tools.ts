// Charter's MCP tools: the control plane's operations through the same services, and therefore the
// same permission checks and activity log, as /api. The caller is the token's actor (ctx.actor).
import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { AppError } from "@/lib/http/errors";
import { listQuerySchema } from "@/lib/http/pagination";
import { refSchema, uuidSchema } from "@/lib/schemas/common";
import { createIssueSchema, issueStatusSchema, listIssuesQuery, updateIssueSchema } from "@/lib/schemas/issues";
import { listAgentsQuery } from "@/lib/schemas/agents";
import type { ServiceContext } from "@/lib/services/context";
import { getViewer } from "@/lib/services/users";
import { listCompanies } from "@/lib/services/companies";
import { getMe, listAgents } from "@/lib/services/agents/agents";
import { getOrgChart } from "@/lib/services/agents/org";
import { listIssues } from "@/lib/services/issues/list";
import { getIssueDetail } from "@/lib/services/issues/queries";
import { createIssue } from "@/lib/services/issues/create";
import { updateIssue } from "@/lib/services/issues/update";
import { checkoutIssue, releaseIssue } from "@/lib/services/issues/checkout";
import { createComment } from "@/lib/services/comments";
import { run } from "@/lib/mcp/result";

const companyRef = refSchema.optional().describe("Company id or issue prefix (e.g. ACME). Optional for agents (their own company) and for board users in exactly one company");
const issueRef = refSchema.describe("Issue id or identifier such as ACME-12");
const page = {
  limit: z.number().int().min(1).max(500).optional().describe("Rows per page (1–500, default 100)"),
  cursor: listQuerySchema.shape.cursor.describe("nextCursor of the previous page, to read the next one"),
};

/** The company a tool acts in when the caller did not name one. */
function companyOf(ctx: ServiceContext, ref: string | undefined): string {
  if (ref) return ref;
  if (ctx.actor.kind === "agent") return ctx.actor.companyId;
  const ids = Object.keys(ctx.actor.roles);
  if (ids.length === 1) return ids[0];
  throw new AppError("validation_error", "Name the company: companyId is required", [{ path: "companyId", message: "required (call list_companies to find it)" }]);
}

const listQuery = (args: { limit?: number; cursor?: string }) => ({ limit: args.limit ?? 100, cursor: args.cursor });
const readOnly = { readOnlyHint: true, openWorldHint: false };

export function registerWorkTools(server: McpServer, ctx: ServiceContext) {
  server.registerTool("whoami", {
    title: "Who am I",
    description: "The caller's identity: for an agent its id, company, role, budget and chain of command; for a board user the user and the companies (with roles) they belong to.",
    annotations: readOnly,
  }, () => run(() => (ctx.actor.kind === "agent" ? getMe(ctx) : getViewer(ctx))));

  server.registerTool("list_companies", {
    title: "List companies",
    description: "Companies the caller can see, by name: id, name, issuePrefix, budget and spend. Agents see their own company only if they are its CEO.",
    inputSchema: page,
    annotations: readOnly,
  }, (args) => run(() => listCompanies(ctx, listQuery(args))));

  server.registerTool("list_issues", {
    title: "List issues",
    description: "Issues of a company, most urgent first (priority, then most recently updated). Filter by status, assignee, project, goal, parent, label, priority, or search text with q.",
    inputSchema: { companyId: companyRef, ...listIssuesQuery.shape, status: z.array(issueStatusSchema).min(1).max(7).optional().describe("Statuses to include"), ...page },
    annotations: readOnly,
  }, ({ companyId, limit, cursor, ...filter }) => run(() => listIssues(ctx, companyOf(ctx, companyId), { ...filter, ...listQuery({ limit, cursor }) })));

  server.registerTool("get_issue", {
    title: "Get an issue",
    description: "One issue with its ancestors, labels and assignee, by id or identifier (ACME-12).",
    inputSchema: { issueId: issueRef },
    annotations: readOnly,
  }, ({ issueId }) => run(() => getIssueDetail(ctx, issueId)));

  server.registerTool("create_issue", {
    title: "Create an issue",
    description: "Creates an issue (or a subtask with parentId) in a company. Assigning an agent wakes it.",
    inputSchema: { companyId: companyRef, ...createIssueSchema.shape },
  }, ({ companyId, ...input }) => run(() => createIssue(ctx, companyOf(ctx, companyId), createIssueSchema.parse(input))));

  server.registerTool("update_issue", {
    title: "Update an issue",
    description: "Changes an issue's fields or status (legal moves only: backlog → todo → in_progress → in_review → done, blocked, cancelled) and can add a comment in the same call.",
    inputSchema: { issueId: issueRef, ...updateIssueSchema.shape },
  }, ({ issueId, ...input }) => run(() => updateIssue(ctx, issueId, updateIssueSchema.parse(input))));

  server.registerTool("checkout_issue", {
    title: "Check out an issue",
    description: "Atomically takes an issue to work on (status in_progress, assigned to the agent). 409 when another agent holds it or its status is not one of expectedStatuses.",
    inputSchema: {
      issueId: issueRef,
      agentId: uuidSchema.optional().describe("The agent taking the issue; defaults to the calling agent (board users must name one)"),
      expectedStatuses: z.array(issueStatusSchema).min(1).max(7).optional().describe("Statuses you believe the issue is in; default todo, backlog, blocked"),
    },
  }, ({ issueId, agentId, expectedStatuses }) => run(() => {
    const self = ctx.actor.kind === "agent" ? ctx.actor.agentId : undefined;
    const id = agentId ?? self;
    if (!id) throw new AppError("validation_error", "agentId is required for board users", [{ path: "agentId", message: "required" }]);
    return checkoutIssue(ctx, issueId, { agentId: id, expectedStatuses: expectedStatuses ?? ["todo", "backlog", "blocked"] });
  }));

  server.registerTool("release_issue", {
    title: "Release an issue",
    description: "Gives an issue back: clears the assignee and locks; in_progress goes back to todo. By the assignee or the board.",
    inputSchema: { issueId: issueRef },
  }, ({ issueId }) => run(() => releaseIssue(ctx, issueId)));

  server.registerTool("add_comment", {
    title: "Comment on an issue",
    description: "Adds a markdown comment. @Name (an agent's whole name) or [@Name](agent://<id>) wakes that agent.",
    inputSchema: { issueId: issueRef, body: z.string().trim().min(1).max(100_000).describe("Markdown text of the comment") },
  }, ({ issueId, body }) => run(() => createComment(ctx, issueId, body)));

  server.registerTool("list_agents", {
    title: "List agents",
    description: "A company's agents with role, status, manager, budget and spend.",
    inputSchema: { companyId: companyRef, ...listAgentsQuery.shape, ...page },
    annotations: readOnly,
  }, ({ companyId, limit, cursor, ...filter }) => run(() => listAgents(ctx, companyOf(ctx, companyId), { ...filter, ...listQuery({ limit, cursor }) })));

  server.registerTool("org_chart", {
    title: "Org chart",
    description: "The company's reporting tree of live agents, from the CEO down.",
    inputSchema: { companyId: companyRef },
    annotations: readOnly,
  }, ({ companyId }) => run(() => getOrgChart(ctx, companyOf(ctx, companyId))));
}
