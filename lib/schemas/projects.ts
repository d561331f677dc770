import { z } from "zod";
import { dateTimeSchema, REFUSED, uuidSchema } from "@/lib/schemas/common";
import { branchTemplateProblem, DEFAULT_BRANCH_TEMPLATE } from "@/lib/services/workspaces/branch-template";

export const projectStatuses = ["backlog", "planned", "active", "paused", "completed", "cancelled"] as const;

// ---------- workspaces ----------

const noNul = (v: string) => !v.includes("\u0000");
// what Charter clones from: https://, ssh://, file:// URLs and scp-like ssh addresses (git@host:owner/repo.git);
// git:// and http:// carry no authentication of the server, and other schemes run helpers (ext::)
const repoAddress = /^(?:(?:https|ssh|file):\/\/\S+|(?!-)[\w.-]+@[\w.-]+:(?!\/\/)\S+)$/i;
export const isRepoAddress = (url: string) => repoAddress.test(url);

const workspaceFields = {
  name: z.string().trim().max(200).describe("Display name; derived from cwd or repoUrl when omitted"),
  cwd: z.string().trim().min(1).max(4096).refine(noNul, "must not contain NUL").nullable().describe("Local directory path"),
  repoUrl: z.string().trim().max(2048)
    .refine(isRepoAddress, { message: "must be an https://, ssh:// or file:// URL or an ssh address like git@host:owner/repo.git", params: REFUSED })
    .nullable().describe("Repository address: https://, ssh://, file:// or git@host:path (422 for another scheme)"),
  repoRef: z.string().trim().min(1).max(255).nullable().describe("Branch or ref"),
  isPrimary: z.boolean().describe("The first workspace of a project is primary by default; setting true demotes the others"),
};

const hasLocation = (w: { cwd?: string | null; repoUrl?: string | null }) => Boolean(w.cwd || w.repoUrl);

export const createWorkspaceSchema = z
  .strictObject({
    name: workspaceFields.name.optional(),
    cwd: workspaceFields.cwd.optional(),
    repoUrl: workspaceFields.repoUrl.optional(),
    repoRef: workspaceFields.repoRef.optional(),
    isPrimary: workspaceFields.isPrimary.optional(),
  })
  .refine(hasLocation, { message: "at least one of cwd and repoUrl is required", path: ["cwd"] });
export type CreateWorkspaceInput = z.infer<typeof createWorkspaceSchema>;

export const updateWorkspaceSchema = z.strictObject({
  name: workspaceFields.name.optional(),
  cwd: workspaceFields.cwd.optional(),
  repoUrl: workspaceFields.repoUrl.optional(),
  repoRef: workspaceFields.repoRef.optional(),
  isPrimary: workspaceFields.isPrimary.optional(),
});
export type UpdateWorkspaceInput = z.infer<typeof updateWorkspaceSchema>;

// ---------- a project's workspace and checks settings ----------

export const workspacePolicies = ["git_worktree", "shared"] as const;
export const DEFAULT_VERIFICATION_TIMEOUT_SEC = 900;
const MAX_COMMAND_BYTES = 4096;
const utf8Bytes = (v: string) => new TextEncoder().encode(v).length;

const workspacePolicy = z.enum(workspacePolicies).nullable()
  .describe("git_worktree: a git worktree and branch per issue; shared: the primary workspace's folder as it is; null: the default");
const branchTemplate = z.string().max(MAX_COMMAND_BYTES)
  .superRefine((v, ctx) => {
    const problem = branchTemplateProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem, params: REFUSED });
  })
  .nullable()
  .describe(`An issue's branch name with {identifier}, {number} and {slug}; must name a branch under refs/heads/; null: ${DEFAULT_BRANCH_TEMPLATE}`);

// args items are checked as values (422), so that a number in args is refused naming its place like the other rules
const commandArg = z.custom<string>((v) => typeof v === "string", { message: "must be a string", params: REFUSED }).meta({ type: "string" });
const verification = z.strictObject({
  command: z.string()
    .refine((v) => v.trim() !== "", { message: "must not be empty", params: REFUSED })
    .refine((v) => utf8Bytes(v) <= MAX_COMMAND_BYTES, { message: `must be at most ${MAX_COMMAND_BYTES} bytes`, params: REFUSED })
    .describe("The program Charter runs in the issue's workspace (no shell: write sh with args [\"-c\", …] for one)"),
  args: z.array(commandArg)
    .refine((a) => a.length <= 256, { message: "must have at most 256 arguments", params: REFUSED })
    .optional().describe("Its arguments; default none"),
  timeoutSec: z.number()
    .refine((n) => Number.isInteger(n) && n >= 1 && n <= 7200, { message: "must be a whole number of seconds from 1 to 7200", params: REFUSED })
    .meta({ type: "integer", minimum: 1, maximum: 7200 }).optional().describe(`Seconds; default ${DEFAULT_VERIFICATION_TIMEOUT_SEC}`),
}).superRefine((v, ctx) => {
  // the board writes a shell line as args, so the bound covers the whole command line
  const bytes = utf8Bytes(v.command) + (v.args ?? []).reduce((n, a) => n + (typeof a === "string" ? utf8Bytes(a) : 0), 0);
  if (bytes > MAX_COMMAND_BYTES && utf8Bytes(v.command) <= MAX_COMMAND_BYTES) {
    ctx.addIssue({ code: "custom", path: ["args"], message: `the command with its args must be at most ${MAX_COMMAND_BYTES} bytes`, params: REFUSED });
  }
}).nullable().describe("Run by Charter before done (moving to in_review starts it); null: none");
const review = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("board") }),
  z.strictObject({ kind: z.literal("agent"), agentId: uuidSchema.describe("A live agent of the project's company") }),
]).nullable().describe("Who approves before done; null: nobody");

/** The four settings, written by the board only (an agent sending any of them gets 403). */
const projectSettingsFields = {
  workspacePolicy: workspacePolicy.optional(),
  branchTemplate: branchTemplate.optional(),
  verification: verification.optional(),
  review: review.optional(),
};

/** The four alone: what a package's manifest is checked against on import. */
export const projectSettingsSchema = z.strictObject(projectSettingsFields);

// ---------- projects ----------

const name = z.string().trim().min(1).max(200);
const description = z.string().max(10_000).describe("Markdown");
const goalIds = z
  .array(uuidSchema)
  .max(100)
  .refine((ids) => new Set(ids).size === ids.length, "must not repeat a goal")
  .describe("Goals of the company the project serves, in order; the first is the project's goalId");
const goalId = uuidSchema.nullable().describe("Shorthand for goalIds: [goalId], or [] for null");
const leadAgentId = uuidSchema.nullable().describe("Agent of the company that leads the project");
const targetDate = z.iso
  .date("must be a date as YYYY-MM-DD")
  .refine((d) => d >= "0001-01-01", "must be a date as YYYY-MM-DD")
  .nullable();

const oneGoalField = (p: { goalId?: unknown; goalIds?: unknown }) => p.goalId === undefined || p.goalIds === undefined;
const oneGoalFieldError = { message: "give goalIds or goalId, not both", path: ["goalId"] };

export const createProjectSchema = z
  .strictObject({
    name,
    description: description.optional(),
    status: z.enum(projectStatuses).default("planned"),
    goalIds: goalIds.optional(),
    goalId: goalId.optional(),
    workspace: createWorkspaceSchema.optional().describe("A first workspace, created with the project (and primary)"),
    leadAgentId: leadAgentId.optional(),
    targetDate: targetDate.optional(),
    ...projectSettingsFields,
  })
  .refine(oneGoalField, oneGoalFieldError);
export type CreateProjectInput = z.infer<typeof createProjectSchema>;

export const updateProjectSchema = z
  .strictObject({
    name: name.optional(),
    description: description.optional(),
    status: z.enum(projectStatuses).optional(),
    goalIds: goalIds.optional().describe("Replaces the project's goals"),
    goalId: goalId.optional(),
    leadAgentId: leadAgentId.optional(),
    targetDate: targetDate.optional(),
    ...projectSettingsFields,
  })
  .refine(oneGoalField, oneGoalFieldError);
export type UpdateProjectInput = z.infer<typeof updateProjectSchema>;
export type ProjectSettingsInput = Pick<UpdateProjectInput, keyof typeof projectSettingsFields>;

export const projectParams = z.object({ projectId: uuidSchema });
export const workspaceParams = z.object({ projectId: uuidSchema, workspaceId: uuidSchema });

export const listProjectsQuery = z.object({ status: z.enum(projectStatuses).optional() });

// ---------- responses ----------

export const workspaceResponseSchema = z.object({
  id: uuidSchema,
  projectId: uuidSchema,
  name: z.string(),
  cwd: z.string().optional().describe("Local directory path; absent for a repository-only workspace"),
  repoUrl: z.string().nullable(),
  repoRef: z.string().nullable(),
  isPrimary: z.boolean(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
}).meta({ id: "Workspace" });

export const projectResponseSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  name: z.string(),
  description: z.string().describe("Markdown"),
  status: z.enum(projectStatuses),
  goalId: uuidSchema.nullable().describe("The first of goalIds, or null"),
  goalIds: z.array(uuidSchema).describe("The goals the project serves, in order"),
  leadAgentId: uuidSchema.nullable(),
  targetDate: z.iso.date().nullable().describe("YYYY-MM-DD"),
  primaryWorkspace: workspaceResponseSchema.nullable(),
  workspaces: z.array(workspaceResponseSchema).describe("Oldest first"),
  workspacePolicy: z.enum(workspacePolicies)
    .describe("The policy in effect: the project's, else git_worktree when the primary workspace's cwd is a git repository or it has a repoUrl, else shared"),
  branchTemplate: z.string().describe(`The template in effect (default ${DEFAULT_BRANCH_TEMPLATE})`),
  verification: z.object({ command: z.string(), args: z.array(z.string()), timeoutSec: z.number().int().min(1).max(7200) }).nullable()
    .describe("The command Charter runs before done, or null"),
  review: z.union([z.object({ kind: z.literal("board") }), z.object({ kind: z.literal("agent"), agentId: uuidSchema })]).nullable()
    .describe("Who approves before done, or null"),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
}).meta({ id: "Project" });

// ---------- a project's checks as stored ----------

const storedVerification = z.object({
  command: z.string().min(1),
  args: z.array(z.string()).optional(),
  timeoutSec: z.number().int().min(1).max(7200).optional(),
});
const storedReview = z.union([
  z.object({ kind: z.literal("board") }),
  z.object({ kind: z.literal("agent"), agentId: z.string() }),
]);

export interface VerificationCommand {
  command: string;
  args: string[];
  timeoutSec: number;
}
export type ReviewRule = z.infer<typeof storedReview>;

export interface ProjectChecks {
  verification: VerificationCommand | null;
  review: ReviewRule | null;
}

/**
 * A project's stored checks as the DTO and the runner read them. A stored value that does not parse
 * counts as unset, so a bad row can never make done impossible.
 */
export function readChecks(row: { verification: unknown; review: unknown }): ProjectChecks {
  const v = storedVerification.safeParse(row.verification);
  const r = storedReview.safeParse(row.review);
  return {
    verification: v.success ? { command: v.data.command, args: v.data.args ?? [], timeoutSec: v.data.timeoutSec ?? DEFAULT_VERIFICATION_TIMEOUT_SEC } : null,
    review: r.success ? r.data : null,
  };
}
