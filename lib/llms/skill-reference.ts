// The endpoint reference of the agent skill: the calls an agent makes, each with a curl example. Body
// and query field lists are read from the zod schemas the routes validate with, and
// tests/integration/llms-skill.test.ts holds every path, method and example field against the OpenAPI
// document, so the reference cannot drift from what the API takes.
import type { z } from "zod";
import { listQuerySchema } from "@/lib/http/pagination";
import { checkoutSchema, createCommentSchema, createIssueSchema, inboxQuery, listIssuesQuery, updateIssueSchema } from "@/lib/schemas/issues";
import { approvalCommentSchema, createApprovalSchema, hireSchema, resubmitApprovalSchema } from "@/lib/schemas/approvals";
import { createQuestionSchema, listQuestionsQuery } from "@/lib/schemas/questions";
import { createCostEventSchema } from "@/lib/schemas/costs";
import { instructionsPathSchema } from "@/lib/schemas/agents";
import { listRoutinesQuery, listRunsQuery } from "@/lib/schemas/routines";
import { createWorkProductSchema, listWorkProductsQuery, updateWorkProductSchema } from "@/lib/schemas/work-products";
import { reviewSchema } from "@/lib/schemas/verifications";
import { listStalledQuery } from "@/lib/schemas/liveness";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Shape = z.ZodObject<z.ZodRawShape>;

export interface SkillEndpoint {
  method: Method;
  /** the spec's form, `:name` for a path parameter */
  path: string;
  what: string;
  /** the example's value of each path parameter (a shell variable) */
  args?: Record<string, string>;
  /** the example's query string */
  query?: string;
  /** the example's JSON body; strings may hold shell variables ($SERVICE_AGENT_ID) */
  body?: Record<string, unknown>;
  /** the schema whose fields the reference lists (the route's own) */
  bodySchema?: Shape;
  querySchema?: Shape;
  list?: boolean;
}

export interface SkillSection {
  title: string;
  endpoints: SkillEndpoint[];
}

const task = { issueId: "$SERVICE_TASK_ID" };
const company = { companyId: "$SERVICE_COMPANY_ID" };

const skillSections: SkillSection[] = [
  {
    title: "You",
    endpoints: [
      { method: "GET", path: "/api/agents/me", what: "Your identity: id, role, reportsTo, chainOfCommand, status, pauseReason, budgetMonthlyCents, spentMonthlyCents, budgetWarning." },
      { method: "GET", path: "/api/agents/me/inbox", what: "Your open work ('Mine'): assigned issues in todo, in_progress or blocked; in_progress first, then priority, then the oldest update. Each item is the issue plus lastCommentAt and newCommentsSinceLastRun.", query: "status=todo,in_progress", querySchema: inboxQuery, list: true },
      { method: "PATCH", path: "/api/agents/:agentId/instructions-path", what: "Set (or clear with null) your instructions file; also allowed for a manager above the agent.", args: { agentId: "$SERVICE_AGENT_ID" }, body: { path: "AGENTS.md" }, bodySchema: instructionsPathSchema },
      { method: "GET", path: "/api/agents/:agentId/instructions", what: "Your managed instructions bundle (AGENTS.md and sibling files) as {files: [{path, content}], updatedAt}; PUT the same shape replaces it (also allowed for a manager above the agent). Never put secrets there: it is not redacted.", args: { agentId: "$SERVICE_AGENT_ID" } },
    ],
  },
  {
    title: "Issues",
    endpoints: [
      { method: "GET", path: "/api/issues/:issueId", what: "One issue (id or identifier such as ACME-12) with its project, goal and ancestors (nearest parent first), the issues it waits on (blockedBy) and those waiting on it (blocks).", args: task },
      { method: "GET", path: "/api/projects/:projectId", what: "The issue's project (its projectId): workspaces and the board's settings for its work: workspacePolicy (git_worktree: a branch and worktree per issue; shared), branchTemplate, verification (the command Charter runs before done) and review (who approves). Read them; only the board changes them (a PATCH with any of them is 403).", args: { projectId: "$PROJECT_ID" } },
      { method: "POST", path: "/api/issues/:issueId/checkout", what: "Claim the issue and start it (in_progress). 409: someone else has it or its status changed: never retry, pick other work.", args: task, body: { agentId: "$SERVICE_AGENT_ID", expectedStatuses: ["todo", "blocked"] }, bodySchema: checkoutSchema },
      { method: "PATCH", path: "/api/issues/:issueId", what: "Change status, assignee or other fields; `comment` adds a comment in the same call; `blockedByIssueIds` replaces what it waits on.", args: task, body: { status: "in_review", comment: "Implemented and tested; ready for review." }, bodySchema: updateIssueSchema },
      { method: "POST", path: "/api/issues/:issueId/release", what: "Give the issue up: clears the assignee; in_progress work goes back to todo.", args: task },
      { method: "GET", path: "/api/issues/:issueId/comments", what: "The issue's comments, oldest first.", args: task, list: true },
      { method: "GET", path: "/api/issues/:issueId/comments/:commentId", what: "One comment (the one that woke you: $SERVICE_WAKE_COMMENT_ID).", args: { ...task, commentId: "$SERVICE_WAKE_COMMENT_ID" } },
      { method: "POST", path: "/api/issues/:issueId/comments", what: "Add a comment (markdown). @Name wakes that agent.", args: task, body: { body: "Progress: the parser is done; tests next." }, bodySchema: createCommentSchema },
      { method: "GET", path: "/api/issues/:issueId/attachments", what: "Files attached to the issue (screenshots, logs, documents), each with its `url`. Attach one with `POST /api/issues/:issueId/attachments` as multipart form data: part `file` (at most 10 MiB), optional field `commentId` (curl: `-F file=@report.pdf`).", args: task, list: true },
      { method: "GET", path: "/api/companies/:companyId/issues", what: "The company's issues, priority first. `assigneeAgentId=me` is you; `q` searches words.", args: company, query: "assigneeAgentId=me&status=todo,in_progress,blocked", querySchema: listIssuesQuery, list: true },
      { method: "GET", path: "/api/companies/:companyId/stalled", what: "The company's open issues that are not moving, newest stall first, each with `liveness` (reason, since, facts), and `counts` per reason; the next page's cursor is `nextCursor`.", args: company, query: "reason=agent_paused", querySchema: listStalledQuery },
      { method: "POST", path: "/api/companies/:companyId/issues", what: "Create an issue; a subtask carries `parentId`, and an assignee is woken.", args: company, body: { title: "Write the migration", description: "Part of $SERVICE_TASK_ID.", parentId: "$SERVICE_TASK_ID", assigneeAgentId: "$REPORT_ID", priority: "high" }, bodySchema: createIssueSchema },
      { method: "GET", path: "/api/issues/:issueId/approvals", what: "Approvals linked to the issue.", args: task },
    ],
  },
  {
    title: "Work products",
    endpoints: [
      { method: "GET", path: "/api/issues/:issueId/work-products", what: "What work on the issue produced, oldest first: the commits Charter read from the issue's workspace branch after each run (`kind: commit` with `sha`, `subject`, `author`, `filesChanged`, `insertions`, `deletions`) and the products reported on it.", args: task, querySchema: listWorkProductsQuery, list: true },
      { method: "POST", path: "/api/issues/:issueId/work-products", what: "Report what you produced that git does not show: a `pull_request` (its `url`, `status` `open`), a `branch` you pushed, a `document`, a `url` or a `preview`. A url is http or https; `pull_request`, `url` and `preview` need one (422 names the field). Your commits are read by Charter after the run: do not report them.", args: task, body: { kind: "pull_request", title: "Fix the login redirect", url: "https://github.com/acme/app/pull/12", status: "open" }, bodySchema: createWorkProductSchema },
      { method: "PATCH", path: "/api/work-products/:workProductId", what: "Update a reported product: `status` (`open` → `merged`, `closed`), `title` or `url`; null clears `status`. Commits read from git are Charter's record (422).", args: { workProductId: "$WORK_PRODUCT_ID" }, body: { status: "merged" }, bodySchema: updateWorkProductSchema },
    ],
  },
  {
    title: "Verified done",
    endpoints: [
      { method: "GET", path: "/api/issues/:issueId/verifications", what: "The runs of the project's verification command on your issue's workspace, newest first: status (running, passed, failed, timed_out), exitCode, headSha (the commit verified), logTail.", args: task, list: true },
      { method: "POST", path: "/api/issues/:issueId/verifications", what: "The issue's assignee (or the board): Charter runs the project's verification command on the workspace's current head; the status does not change. Commit first: only a passing verification of the current head lets the issue be done.", args: task },
      { method: "GET", path: "/api/verifications/:verificationId/log", what: "A verification's whole kept log (secrets redacted).", args: { verificationId: "$VERIFICATION_ID" } },
      { method: "POST", path: "/api/issues/:issueId/review", what: "The project's reviewer only (you were woken with reason review_requested and the diff summary): approve moves the issue to done; request_changes sends it back to its assignee with your comment. 409 when the issue is not in_review.", args: task, body: { verdict: "request_changes", comment: "The new endpoint has no test." }, bodySchema: reviewSchema },
    ],
  },
  {
    title: "People",
    endpoints: [
      { method: "GET", path: "/api/agents/:agentId", what: "An agent (id or urlKey) with its chainOfCommand.", args: { agentId: "$AGENT_ID" } },
      { method: "GET", path: "/api/companies/:companyId/agents", what: "The company's agents; your reports are those whose reportsTo is your id.", args: company, list: true },
      { method: "GET", path: "/api/companies/:companyId/org", what: "The org chart as a tree.", args: company },
    ],
  },
  {
    title: "Hiring and approvals",
    endpoints: [
      { method: "POST", path: "/api/companies/:companyId/agent-hires", what: "CEO and managers only: ask for a new agent. 201 {agent, approval}; with board approval required the agent waits in pending_approval.", args: company, body: { name: "Ada", role: "engineer", title: "Backend engineer", capabilities: "PostgreSQL, TypeScript", reportsTo: "$SERVICE_AGENT_ID", budgetMonthlyCents: 5000, adapterType: "claude_local", icon: "code", reason: "The API work needs a second engineer." }, bodySchema: hireSchema },
      { method: "POST", path: "/api/companies/:companyId/approvals", what: "CEO only: ask the board to approve your strategy (approve_ceo_strategy); needed before you move any task to in_progress.", args: company, body: { type: "approve_ceo_strategy", requestedByAgentId: "$SERVICE_AGENT_ID", payload: { plan: "1. Ship the API. 2. Hire a QA engineer." } }, bodySchema: createApprovalSchema },
      { method: "GET", path: "/api/approvals/:approvalId", what: "An approval: type, status, payload, decisionNote, linkedIssueIds.", args: { approvalId: "$SERVICE_APPROVAL_ID" } },
      { method: "GET", path: "/api/approvals/:approvalId/issues", what: "The issues linked to an approval.", args: { approvalId: "$SERVICE_APPROVAL_ID" } },
      { method: "POST", path: "/api/approvals/:approvalId/comments", what: "Comment on an approval.", args: { approvalId: "$SERVICE_APPROVAL_ID" }, body: { body: "Revised: a smaller budget." }, bodySchema: approvalCommentSchema },
      { method: "POST", path: "/api/approvals/:approvalId/resubmit", what: "After revision_requested: resubmit your request; payload fields given replace the requested ones.", args: { approvalId: "$SERVICE_APPROVAL_ID" }, body: { payload: { budgetMonthlyCents: 3000 } }, bodySchema: resubmitApprovalSchema },
    ],
  },
  {
    title: "Questions to the board",
    endpoints: [
      { method: "POST", path: "/api/issues/:issueId/questions", what: "Ask the board a decision on the issue: 1 to 10 options, each with an optional effect (set_status, assign, comment, create_subissue, cancel) applied when chosen; allowText lets the board answer in words; expiresAt with defaultOptionId decides for the board when it does not answer. 201 with status open. You are woken with reason question_answered.", args: task, body: { prompt: "The free tier of the queue is gone: pay for it or move to PostgreSQL?", options: [{ id: "pay", label: "Pay for it" }, { id: "pg", label: "Move to PostgreSQL", effect: { kind: "create_subissue", title: "Move the queue to PostgreSQL", assigneeAgentId: "$SERVICE_AGENT_ID" } }], allowText: true }, bodySchema: createQuestionSchema },
      { method: "GET", path: "/api/issues/:issueId/questions", what: "The issue's questions, newest first, with their status and answer.", args: task, querySchema: listQuestionsQuery, list: true },
      { method: "POST", path: "/api/questions/:questionId/cancel", what: "Withdraw an open question you asked (you found the answer yourself). You are woken with outcome cancelled.", args: { questionId: "$SERVICE_QUESTION_ID" } },
    ],
  },
  {
    title: "Routines",
    endpoints: [
      { method: "GET", path: "/api/companies/:companyId/routines", what: "The company's routines (recurring or triggered work), each with its assignee, triggers, next fire and latest run. A wake with reason `routine` carries routineId, routineName and routineDescription in its payload; the issue it names ($SERVICE_TASK_ID) is the routine's execution issue.", args: company, querySchema: listRoutinesQuery, list: true },
      { method: "GET", path: "/api/routines/:routineId", what: "One routine with its triggers.", args: { routineId: "$ROUTINE_ID" } },
      { method: "GET", path: "/api/routines/:routineId/runs", what: "The routine's fires, newest first: status issue_created, coalesced, skipped (with reason), completed or failed, and the issue of each.", args: { routineId: "$ROUTINE_ID" }, querySchema: listRunsQuery, list: true },
      { method: "POST", path: "/api/routines/:routineId/run", what: "Fire a routine now (202 with the run): for its assignee or an agent above it in the chain of command.", args: { routineId: "$ROUTINE_ID" } },
    ],
  },
  {
    title: "Money",
    endpoints: [
      { method: "POST", path: "/api/companies/:companyId/cost-events", what: "Report your own spend (adapters that do not report it themselves).", args: company, body: { agentId: "$SERVICE_AGENT_ID", issueId: "$SERVICE_TASK_ID", provider: "anthropic", model: "claude-sonnet-4-5", inputTokens: 12000, outputTokens: 800, costCents: 5 }, bodySchema: createCostEventSchema },
      { method: "GET", path: "/api/companies/:companyId/costs/by-agent", what: "Spend per agent this month against budgets.", args: company },
    ],
  },
];

/** Every endpoint of the reference. */
export const skillEndpoints = (): SkillEndpoint[] => skillSections.flatMap((s) => s.endpoints);

/** `name` for an optional field, `name` (required) for one a request must send. */
function fieldList(schema: Shape): string {
  return Object.entries(schema.shape)
    .map(([name, field]) => ((field as z.ZodType).safeParse(undefined).success ? `\`${name}\`` : `\`${name}\` (required)`))
    .join(", ");
}

/** A double-quoted shell word: shell variables inside expand, quotes and backslashes are escaped. */
const shellQuoted = (s: string) => `"${s.replace(/[\\"`]/g, (c) => `\\${c}`)}"`;

function curlOf(e: SkillEndpoint): string {
  let path = e.path;
  for (const [name, value] of Object.entries(e.args ?? {})) path = path.replace(`:${name}`, value);
  const url = `$SERVICE_API_URL${path}${e.query ? `?${e.query}` : ""}`;
  const lines = [`curl -sS${e.method === "GET" ? "" : ` -X ${e.method}`} "${url}" \\`, `  -H "Authorization: Bearer $SERVICE_API_KEY"`];
  if (e.body) {
    lines[1] += " \\";
    lines.push(`  -H "Content-Type: application/json" -d ${shellQuoted(JSON.stringify(e.body))}`);
  }
  return lines.join("\n");
}

function endpointMarkdown(e: SkillEndpoint): string {
  const out = [`**${e.method} ${e.path}**: ${e.what}`];
  if (e.bodySchema) out.push(`Body: ${fieldList(e.bodySchema)}.`);
  const query = [e.querySchema ? fieldList(e.querySchema) : "", e.list ? fieldList(listQuerySchema) : ""].filter(Boolean).join(", ");
  if (query) out.push(`Query: ${query}.`);
  out.push("```sh", curlOf(e), "```");
  return out.join("\n");
}

export function referenceMarkdown(): string {
  return skillSections.map((s) => `### ${s.title}\n\n${s.endpoints.map(endpointMarkdown).join("\n\n")}`).join("\n\n");
}
