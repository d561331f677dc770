import { z } from "zod";
import { dateTimeSchema, uuidSchema } from "@/lib/schemas/common";

export const projectStatuses = ["backlog", "planned", "active", "paused", "completed", "cancelled"] as const;

// ---------- workspaces ----------

const noNul = (v: string) => !v.includes("\u0000");
// URLs (https://, ssh://, git://, file://) and scp-like git addresses (git@host:owner/repo.git)
const repoAddress = /^(?:[a-z][a-z0-9+.-]*:\/\/\S+|[\w.-]+@[\w.-]+:\S+)$/i;

const workspaceFields = {
  name: z.string().trim().max(200).describe("Display name; derived from cwd or repoUrl when omitted"),
  cwd: z.string().trim().min(1).max(4096).refine(noNul, "must not contain NUL").nullable().describe("Local directory path"),
  repoUrl: z.string().trim().max(2048).regex(repoAddress, "must be a repository URL or a git address like git@host:owner/repo.git").nullable()
    .describe("Repository address"),
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
  })
  .refine(oneGoalField, oneGoalFieldError);
export type UpdateProjectInput = z.infer<typeof updateProjectSchema>;

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
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
}).meta({ id: "Project" });
