import { z } from "zod";
import { dateTimeSchema, hasSearchWord, intSchema, refSchema, uuidSchema } from "@/lib/schemas/common";
import { issuePriorities, issueStatuses } from "@/lib/issue-status";
import { workspacePolicies } from "@/lib/schemas/projects";
import { livenessFilterFields, livenessSchema, stallReasonSchema } from "@/lib/schemas/liveness";

export const issueStatusSchema = z.enum(issueStatuses);
export const issuePrioritySchema = z.enum(issuePriorities);

const title = z.string().trim().min(1).max(500);
const description = z.string().max(100_000);

/** One assignee per issue at a time (spec, Limits): an agent or a board user, not both. */
const oneAssignee = (b: { assigneeAgentId?: string | null; assigneeUserId?: string | null }) => !(b.assigneeAgentId && b.assigneeUserId);
const oneAssigneeIssue = { message: "an issue has one assignee: send assigneeAgentId or assigneeUserId, not both", path: ["assigneeUserId"] };

export const createIssueSchema = z.strictObject({
  title: title.describe("Required"),
  description: description.optional(),
  status: issueStatusSchema.optional().describe("backlog, todo, in_progress (needs an assignee) or blocked; default todo with an assignee, else backlog"),
  priority: issuePrioritySchema.default("medium"),
  parentId: uuidSchema.nullable().optional().describe("Parent issue: every subtask carries it"),
  projectId: uuidSchema.nullable().optional(),
  goalId: uuidSchema.nullable().optional(),
  assigneeAgentId: uuidSchema.nullable().optional(),
  assigneeUserId: uuidSchema.nullable().optional(),
  labelIds: z.array(uuidSchema).max(50).optional(),
  blockedByIssueIds: z.array(uuidSchema).max(50).optional()
    .describe("The issues this one waits on (same company, at most 50; replaces the list). A cycle is refused with 422 blocker_cycle. When the last of them is done or cancelled, a blocked issue goes back to todo and its agent is woken"),
  workspace: z.literal("inherit").optional()
    .describe("Agents in a run only, with parentId: the new issue works in its parent's workspace instead of one of its own"),
}).refine((b) => oneAssignee(b), oneAssigneeIssue);
export type CreateIssueInput = z.infer<typeof createIssueSchema>;


export const updateIssueSchema = z.strictObject({
  title: title.optional(),
  description: description.optional(),
  status: issueStatusSchema.optional(),
  priority: issuePrioritySchema.optional(),
  parentId: uuidSchema.nullable().optional(),
  projectId: uuidSchema.nullable().optional(),
  goalId: uuidSchema.nullable().optional(),
  assigneeAgentId: uuidSchema.nullable().optional(),
  assigneeUserId: uuidSchema.nullable().optional(),
  labelIds: z.array(uuidSchema).max(50).optional(),
  blockedByIssueIds: z.array(uuidSchema).max(50).optional()
    .describe("The issues this one waits on (same company, at most 50; replaces the list). A cycle is refused with 422 blocker_cycle. When the last of them is done or cancelled, a blocked issue goes back to todo and its agent is woken"),
  workspacePolicy: z.enum(workspacePolicies).nullable().optional()
    .describe("The board's override of the project's workspace policy for this issue (null: the project's); agents get 403"),
  comment: z.string().trim().min(1).max(100_000).optional().describe("Adds a comment in the same call; @-mentions wake agents"),
  overrideReason: z.string().trim().min(1).max(2000).optional()
    .describe("The board only, with status done: closes the issue without the verification or review its project requires; recorded in the activity log"),
}).refine((b) => oneAssignee(b), oneAssigneeIssue)
  .refine((b) => b.overrideReason === undefined || b.status === "done", { message: "overrideReason goes with status done", path: ["overrideReason"] });
export type UpdateIssueInput = z.infer<typeof updateIssueSchema>;

export const checkoutSchema = z.strictObject({
  agentId: uuidSchema.describe("The agent taking the issue; an agent may only check out as itself"),
  expectedStatuses: z.array(issueStatusSchema).min(1).max(7).describe("Statuses the caller believes the issue is in"),
});

/** One value or a comma-separated list of `item`s: the shape of every `status` filter. */
const commaList = <T extends z.ZodType<unknown, string>>(item: T, max: number) =>
  z.string().transform((s) => s.split(",").map((v) => v.trim()).filter(Boolean)).pipe(z.array(item).min(1).max(max));

const statusList = commaList(issueStatusSchema, 7);

/** An assignee filter: a UUID, or `me` for the caller itself. */
const assigneeRef = (me: string) =>
  z.union([z.literal("me"), uuidSchema], { error: "must be a UUID or 'me'" }).describe(`A UUID, or 'me': ${me}`);

export const listIssuesQuery = z.object({
  status: statusList.optional().describe("One status or a comma-separated list"),
  assigneeAgentId: assigneeRef("the calling agent (agent keys only)").optional(),
  assigneeUserId: assigneeRef("the calling board user (board credentials only)").optional(),
  projectId: uuidSchema.optional(),
  goalId: uuidSchema.optional(),
  parentId: uuidSchema.optional(),
  labelId: uuidSchema.optional(),
  priority: issuePrioritySchema.optional(),
  q: z.string().trim().min(1).max(200).refine(hasSearchWord, "must contain a letter or a digit").optional()
    .describe("Words to find (each as a word prefix, all of them) in identifier, number, title, description or comments"),
  ...livenessFilterFields,
});
export type ListIssuesQuery = z.infer<typeof listIssuesQuery>;

/** The statuses an agent's inbox holds: work it has to do or to unblock. */
export const inboxStatuses = ["todo", "in_progress", "blocked"] as const;

export const inboxQuery = z.object({
  status: commaList(z.enum(inboxStatuses), 3).optional()
    .describe("Narrows the inbox to one of todo, in_progress, blocked or a comma-separated list of them (default: all three)"),
});
export type InboxQuery = z.infer<typeof inboxQuery>;

export const createCommentSchema = z.strictObject({
  body: z.string().trim().min(1).max(100_000).describe("Markdown; @Name or [@Name](agent://<id>) wakes that agent"),
});

export const issueParams = z.object({ issueId: refSchema });
export const commentParams = z.object({ issueId: refSchema, commentId: uuidSchema });

// ---------- responses ----------

const issueFields = {
  id: uuidSchema,
  companyId: uuidSchema,
  identifier: z.string().describe("Readable key, e.g. ACME-12"),
  number: intSchema,
  title: z.string(),
  description: z.string().describe("Markdown"),
  status: issueStatusSchema,
  priority: issuePrioritySchema,
  parentId: uuidSchema.nullable(),
  projectId: uuidSchema.nullable(),
  goalId: uuidSchema.nullable(),
  assigneeAgentId: uuidSchema.nullable(),
  assigneeUserId: uuidSchema.nullable(),
  createdByAgentId: uuidSchema.nullable(),
  createdByUserId: uuidSchema.nullable(),
  labelIds: z.array(uuidSchema),
  started_at: dateTimeSchema.nullable().describe("Same as startedAt (the spec's spelling)"),
  completed_at: dateTimeSchema.nullable().describe("Same as completedAt (the spec's spelling)"),
  startedAt: dateTimeSchema.nullable(),
  completedAt: dateTimeSchema.nullable(),
  cancelledAt: dateTimeSchema.nullable(),
  lockedAt: dateTimeSchema.nullable().describe("When a checkout took the execution lock; null once released"),
  checkoutRunId: uuidSchema.nullable().describe("The run that holds the checkout"),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
  liveness: livenessSchema.optional().describe("As the liveness sweep last saw the issue: moving, or stalled with its reason and facts. On reads, lists and an update's answer; absent from a create's or a checkout's"),
};

const blockedByIssueIds = z.array(uuidSchema).describe("The issues this one waits on (its blockers)");

export const issueResponseSchema = z.object({
  ...issueFields,
  blockedByIssueIds: blockedByIssueIds.optional().describe("The issues this one waits on: in the answer to GET, create and update of one issue; lists leave it out"),
}).meta({ id: "Issue" });

const issueLink = z.object({ id: uuidSchema, identifier: z.string(), title: z.string(), status: issueStatusSchema }).meta({ id: "IssueLink" });

export const stalledIssuesResponseSchema = z.object({
  items: z.array(z.object({ ...issueFields, liveness: livenessSchema })).describe("Stalled issues, the most recently stalled first"),
  counts: z.record(stallReasonSchema, intSchema).describe("Stalled issues of the company per reason (0 for a reason with none), whatever the filter"),
  nextCursor: z.string().nullable().describe("Pass as cursor for the next page; null on the last"),
}).meta({ id: "StalledIssues" });

export const issueCountsResponseSchema = z.object({
  companyId: uuidSchema,
  total: intSchema.describe("Issues matching the filters"),
  byStatus: z.record(issueStatusSchema, intSchema).describe("The same, per status (0 for a status with none)"),
}).meta({ id: "IssueCounts" });

const projectSummary = z.object({ id: uuidSchema, name: z.string(), description: z.string(), status: z.string() });
const goalSummary = z.object({ id: uuidSchema, title: z.string(), description: z.string(), level: z.string(), status: z.string() });
const resolved = { project: projectSummary.nullable(), goal: goalSummary.nullable() };

const issueWorkspaceSchema = z.object({
  policy: z.enum(["git_worktree", "shared"]).describe("git_worktree: a worktree and branch of the issue's own; shared: the project's folder as it is"),
  path: z.string().nullable().describe("Where its runs work (null when making it failed before it existed)"),
  branch: z.string().nullable(),
  baseRef: z.string().nullable().describe("The ref the branch started from (the workspace's repoRef or the default branch)"),
  headSha: z.string().nullable(),
  dirty: z.boolean().describe("Uncommitted changes, as last read"),
  ahead: z.number().int().describe("Commits on the branch not on the base"),
  behind: z.number().int().describe("Commits on the base not on the branch"),
  state: z.enum(["active", "kept", "removed"]),
  keptReason: z.string().optional().describe("Why it was kept after the issue closed"),
  error: z.string().nullable().describe("Why it could not be made or used, as the failed run said (null after a success)"),
  errorAt: dateTimeSchema.nullable(),
  inherited: z.boolean().describe("The parent's workspace, shared because the issue was created with workspace \"inherit\""),
}).meta({ id: "IssueWorkspace" });

export const issueDetailResponseSchema = z.object({
  ...issueFields,
  ...resolved,
  workspaceInherited: z.boolean().describe("Created with workspace \"inherit\": its runs work in its parent's workspace"),
  workspace: issueWorkspaceSchema.nullable().describe("Where its runs work: null before its first run in a project with a workspace"),
  liveness: livenessSchema,
  costCents: z.number().int().min(0).describe("What the issue cost: the sum of the cost events naming it, over all time"),
  workspacePolicy: z.enum(workspacePolicies).nullable().describe("The board's override of its project's workspace policy; null follows the project"),
  blockedByIssueIds,
  blockedBy: z.array(issueLink).describe("Its blockers with their identifier, title and status"),
  blocks: z.array(issueLink).describe("The issues waiting on this one"),
  ancestors: z.array(z.object({
    id: uuidSchema,
    identifier: z.string(),
    title: z.string(),
    status: issueStatusSchema,
    priority: issuePrioritySchema,
    assigneeAgentId: uuidSchema.nullable(),
    projectId: uuidSchema.nullable(),
    goalId: uuidSchema.nullable(),
    description: z.string(),
    ...resolved,
  })).describe("Parent first, up to the root issue; each with its project and goal"),
}).meta({ id: "IssueDetail" });

export const inboxItemResponseSchema = z.object({
  ...issueFields,
  lastCommentAt: dateTimeSchema.nullable().describe("When the issue's latest comment was made"),
  newCommentsSinceLastRun: z.boolean().describe("Someone else commented since the caller's last run on this issue"),
}).meta({ id: "InboxItem" });

export const commentResponseSchema = z.object({
  id: uuidSchema,
  issueId: uuidSchema,
  body: z.string().describe("Markdown"),
  authorAgentId: uuidSchema.nullable(),
  authorUserId: uuidSchema.nullable(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
}).meta({ id: "Comment" });
