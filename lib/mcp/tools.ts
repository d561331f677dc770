// Charter's MCP tools: the control plane's operations through the same services, and therefore the
// same permission checks and activity log, as /api. The caller is the token's actor (ctx.actor). Each
// tool's fields are the API route's own zod fields (`mirrors` names the route), so a field changed in
// the API changes the tool; tests/integration/mcp-schemas.test.ts compares the two.
// Schemas are built once, at module load: zod compiles a parser per schema object on first use, and
// a server is built per request.
import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ErrorCode, McpError, type ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { AppError } from "@/lib/http/errors";
import { unstorable } from "@/lib/http/parse";
import { listQuerySchema } from "@/lib/http/pagination";
import { companyParams } from "@/lib/schemas/companies";
import { checkoutSchema, createCommentSchema, createIssueSchema, issueParams, issueStatusSchema, listIssuesQuery, updateIssueSchema } from "@/lib/schemas/issues";
import { listAgentsQuery } from "@/lib/schemas/agents";
import type { ServiceContext } from "@/lib/services/context";
import { getViewer } from "@/lib/services/users";
import { listCompanies } from "@/lib/services/companies";
import { getMe, listAgents } from "@/lib/services/agents/crud";
import { getOrgChart } from "@/lib/services/agents/org";
import { listIssues } from "@/lib/services/issues/list";
import { getIssueDetail } from "@/lib/services/issues/queries";
import { createIssue } from "@/lib/services/issues/create";
import { updateIssue } from "@/lib/services/issues/update";
import { checkoutIssue, releaseIssue } from "@/lib/services/issues/checkout";
import { createComment } from "@/lib/services/comments";
import { run } from "@/lib/mcp/result";
import { listStalledQuery } from "@/lib/schemas/liveness";
import { listStalled } from "@/lib/services/liveness/queries";

export const companyRef = companyParams.shape.companyId.optional().describe("Company id or issue prefix (e.g. ACME). Optional for agents (their own company) and for board users in exactly one company");
const issueRef = issueParams.shape.issueId.describe("Issue id or identifier such as ACME-12");
const statuses = z.array(issueStatusSchema).min(1).max(7);
export const page = {
  limit: listQuerySchema.shape.limit,
  cursor: listQuerySchema.shape.cursor.describe("nextCursor of the previous page, to read the next one"),
};

// What a model needs to know about the API's fields, where the API's schemas leave it unsaid.
const fieldHelp: Record<string, string> = {
  title: "Short summary of the work",
  description: "Markdown details: context, acceptance criteria",
  status: "backlog, todo, in_progress, in_review, done, blocked or cancelled (only legal moves are accepted)",
  priority: "critical, high, medium or low",
  parentId: "Parent issue's id: makes this a subtask",
  projectId: "Project's id (null to clear)",
  goalId: "Goal's id (null to clear)",
  assigneeAgentId: "Agent to assign (its id; list_agents finds it); assigning wakes it. Null to unassign",
  assigneeUserId: "Board user to assign instead of an agent (their id)",
  labelIds: "Label ids; replaces the issue's labels",
  labelId: "Only issues with this label (its id)",
  role: "ceo, manager, engineer, researcher, designer, qa or general",
};

/** The shape with `help` on every field that has no description of its own. */
function described<T extends Record<string, z.ZodType>>(shape: T, help: Record<string, string> = fieldHelp): T {
  return Object.fromEntries(Object.entries(shape).map(([k, f]) => [k, f.description || !help[k] ? f : f.describe(help[k])])) as T;
}

/** The company a tool acts in when the caller did not name one. */
export function companyOf(ctx: ServiceContext, ref: string | undefined): string {
  if (ref) return ref;
  if (ctx.actor.kind === "agent") return ctx.actor.companyId;
  const ids = Object.keys(ctx.actor.roles);
  if (ids.length === 1) return ids[0];
  throw new AppError("validation_error", "Name the company: companyId is required", [{ path: "companyId", message: "required (call list_companies to find it)" }]);
}

export const listQuery = (args: { limit?: number; cursor?: string }) => ({ limit: args.limit ?? 100, cursor: args.cursor });
export const readOnly: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };

/** The API operation a tool performs: its route file under app/api and method. */
export interface Mirror {
  route: string;
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** fields the tool takes that the route does not (or takes in another form), each with why */
  differs?: Record<string, string>;
  /** route fields the tool leaves out or leaves optional, each with why (companyId: see companyOf) */
  relaxed?: Record<string, string>;
}

export interface Tool<S extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  /** the route whose fields the input takes; none for a tool without fields of its own */
  mirrors?: Mirror;
  input: S;
  annotations?: ToolAnnotations;
  call: (ctx: ServiceContext, args: z.output<S>) => Promise<unknown>;
}

export const tool = <S extends z.ZodObject>(t: Tool<S>) => t;
const none = z.object({});

export const workTools = [
  tool({
    name: "whoami",
    title: "Who am I",
    description: "The caller's identity: for an agent its id, company, role, budget and chain of command; for a board user the user and the companies (with roles) they belong to.",
    input: none,
    annotations: readOnly,
    call: (ctx) => (ctx.actor.kind === "agent" ? getMe(ctx) : getViewer(ctx)),
  }),
  tool({
    name: "list_companies",
    title: "List companies",
    description: "Companies the caller can see, by name: id, name, issuePrefix, budget and spend. Agents see their own company only if they are its CEO.",
    mirrors: { route: "app/api/companies/route.ts", method: "GET" },
    input: z.object(page),
    annotations: readOnly,
    call: (ctx, args) => listCompanies(ctx, listQuery(args)),
  }),
  tool({
    name: "list_issues",
    title: "List issues",
    description: "Issues of a company, most urgent first (priority, then most recently updated). Filter by status, assignee, project, goal, parent, label, priority, or search text with q.",
    mirrors: { route: "app/api/companies/[companyId]/issues/route.ts", method: "GET", differs: { status: "an array of statuses, where the query string takes a comma-separated list" } },
    input: z.object(described({ companyId: companyRef, ...listIssuesQuery.shape, status: statuses.optional().describe("Statuses to include"), ...page })),
    annotations: readOnly,
    call: (ctx, { companyId, limit, cursor, ...filter }) => listIssues(ctx, companyOf(ctx, companyId), { ...filter, ...listQuery({ limit, cursor }) }),
  }),
  tool({
    name: "get_issue",
    title: "Get an issue",
    description: "One issue with its ancestors, labels and assignee, by id or identifier (ACME-12).",
    mirrors: { route: "app/api/issues/[issueId]/route.ts", method: "GET" },
    input: z.object({ issueId: issueRef }),
    annotations: readOnly,
    call: (ctx, { issueId }) => getIssueDetail(ctx, issueId),
  }),
  tool({
    name: "list_stalled_issues",
    title: "List issues that are not moving",
    description: "Open issues of a company that are not moving, the most recently stalled first, each with liveness {reason, since, facts} (who or what holds it), and counts per reason. Filter by reason.",
    mirrors: { route: "app/api/companies/[companyId]/stalled/route.ts", method: "GET" },
    input: z.object({ companyId: companyRef, reason: listStalledQuery.shape.reason, ...page }),
    annotations: readOnly,
    call: (ctx, { companyId, reason, ...args }) => listStalled(ctx, companyOf(ctx, companyId), { reason, ...listQuery(args) }),
  }),
  tool({
    name: "create_issue",
    title: "Create an issue",
    description: "Creates an issue (or a subtask with parentId) in a company. Assigning an agent wakes it.",
    mirrors: { route: "app/api/companies/[companyId]/issues/route.ts", method: "POST" },
    input: z.object(described({ companyId: companyRef, ...createIssueSchema.shape })),
    call: (ctx, { companyId, ...input }) => createIssue(ctx, companyOf(ctx, companyId), createIssueSchema.parse(input)),
  }),
  tool({
    name: "update_issue",
    title: "Update an issue",
    description: "Changes an issue's fields or status (legal moves only: backlog → todo → in_progress → in_review → done, blocked, cancelled), what it waits on (blockedByIssueIds), and can add a comment in the same call.",
    mirrors: { route: "app/api/issues/[issueId]/route.ts", method: "PATCH" },
    input: z.object(described({ issueId: issueRef, ...updateIssueSchema.shape })),
    call: (ctx, { issueId, ...input }) => updateIssue(ctx, issueId, updateIssueSchema.parse(input)),
  }),
  tool({
    name: "checkout_issue",
    title: "Check out an issue",
    description: "Atomically takes an issue to work on (status in_progress, assigned to the agent). A conflict when another agent holds it or its status is not one of expectedStatuses.",
    mirrors: {
      route: "app/api/issues/[issueId]/checkout/route.ts", method: "POST",
      relaxed: { agentId: "defaults to the calling agent", expectedStatuses: "defaults to todo, backlog and blocked" },
    },
    input: z.object({
      issueId: issueRef,
      agentId: checkoutSchema.shape.agentId.optional().describe("The agent taking the issue; defaults to the calling agent (board users must name one)"),
      expectedStatuses: checkoutSchema.shape.expectedStatuses.optional().describe("Statuses you believe the issue is in; default todo, backlog, blocked"),
    }),
    call: (ctx, { issueId, agentId, expectedStatuses }) => {
      const id = agentId ?? (ctx.actor.kind === "agent" ? ctx.actor.agentId : undefined);
      if (!id) throw new AppError("validation_error", "agentId is required for board users", [{ path: "agentId", message: "required" }]);
      return checkoutIssue(ctx, issueId, { agentId: id, expectedStatuses: expectedStatuses ?? ["todo", "backlog", "blocked"] });
    },
  }),
  tool({
    name: "release_issue",
    title: "Release an issue",
    description: "Gives an issue back: clears the assignee and locks; in_progress goes back to todo. By the assignee or the board.",
    mirrors: { route: "app/api/issues/[issueId]/release/route.ts", method: "POST" },
    input: z.object({ issueId: issueRef }),
    call: (ctx, { issueId }) => releaseIssue(ctx, issueId),
  }),
  tool({
    name: "add_comment",
    title: "Comment on an issue",
    description: "Adds a markdown comment. @Name (an agent's whole name) or [@Name](agent://<id>) wakes that agent.",
    mirrors: { route: "app/api/issues/[issueId]/comments/route.ts", method: "POST" },
    input: z.object({ issueId: issueRef, body: createCommentSchema.shape.body.describe("Markdown text of the comment") }),
    call: (ctx, { issueId, body }) => createComment(ctx, issueId, body),
  }),
  tool({
    name: "list_agents",
    title: "List agents",
    description: "A company's agents with role, status, manager, budget and spend.",
    mirrors: { route: "app/api/companies/[companyId]/agents/route.ts", method: "GET" },
    input: z.object(described({ companyId: companyRef, ...listAgentsQuery.shape, ...page }, { ...fieldHelp, status: "idle, running, paused, error, pending_approval or terminated" })),
    annotations: readOnly,
    call: (ctx, { companyId, limit, cursor, ...filter }) => listAgents(ctx, companyOf(ctx, companyId), { ...filter, ...listQuery({ limit, cursor }) }),
  }),
  tool({
    name: "org_chart",
    title: "Org chart",
    description: "The company's reporting tree of live agents, from the CEO down.",
    mirrors: { route: "app/api/companies/[companyId]/org/route.ts", method: "GET" },
    input: z.object({ companyId: companyRef }),
    annotations: readOnly,
    call: (ctx, { companyId }) => getOrgChart(ctx, companyOf(ctx, companyId)),
  }),
];

/**
 * Arguments the database cannot store (NUL, lone surrogates, too deep), refused as the SDK refuses
 * arguments of the wrong type: an invalid-params tool error (-32602), which the SDK answers for a
 * McpError thrown here. Checked once, for every tool, as /api checks bodies (lib/http/parse.ts).
 */
function assertStorable(tool: string, args: unknown) {
  const problem = unstorable(args, "arguments");
  const at = problem?.path.replace(/^arguments\./, "");
  if (problem) throw new McpError(ErrorCode.InvalidParams, `Input validation error: Invalid arguments for tool ${tool}: ${problem.message} at ${at}`);
}

/** Registers tools on a per-request server, bound to this caller. */
export function registerTools(server: McpServer, ctx: ServiceContext, tools: readonly Tool<z.ZodObject>[]) {
  for (const t of tools) {
    server.registerTool(t.name, { title: t.title, description: t.description, inputSchema: t.input, annotations: t.annotations }, (args: unknown) => {
      assertStorable(t.name, args);
      return run(() => t.call(ctx, args as z.output<typeof t.input>));
    });
  }
}
