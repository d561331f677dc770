// The board's view of execution workspaces (GET /api/companies/:companyId/execution-workspaces,
// GET|DELETE /api/execution-workspaces/:executionWorkspaceId): where each issue's work is on disk,
// its status read from git, and its place in the retention lifecycle.
import { z } from "zod";
import { dateTimeSchema, intSchema, uuidSchema } from "@/lib/schemas/common";

const states = ["active", "kept", "removed"] as const;

export const executionWorkspaceParams = z.object({ executionWorkspaceId: uuidSchema });

export const listExecutionWorkspacesQuery = z.object({
  state: z.enum(states).optional().describe("Only workspaces in this state"),
  projectId: uuidSchema.optional().describe("Only workspaces of this project"),
});
export type ListExecutionWorkspacesFilter = z.infer<typeof listExecutionWorkspacesQuery>;

export const removeExecutionWorkspaceQuery = z.object({
  force: z.enum(["true", "false"]).optional()
    .describe("true: remove it even with uncommitted changes or commits neither merged nor pushed (those changes are lost; a branch with unlanded commits is kept)"),
});

export const executionWorkspaceResponseSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  projectId: uuidSchema,
  issue: z.object({
    id: uuidSchema,
    identifier: z.string(),
    title: z.string(),
    status: z.string(),
  }).nullable().describe("The issue it was made for (null once the issue is deleted)"),
  policy: z.enum(["git_worktree", "shared"]).describe("git_worktree: a worktree and branch of the issue's own; shared: the project workspace's folder as it is"),
  path: z.string().nullable().describe("Absolute path on the workers' workspace volume; null until made"),
  branch: z.string().nullable(),
  baseRef: z.string().nullable().describe("The ref the branch was made from, which ahead/behind compare with"),
  baseSha: z.string().nullable().describe("The commit the branch started from"),
  headSha: z.string().nullable().describe("The branch's head when last read"),
  dirty: z.boolean().describe("It had uncommitted changes (untracked files included) when last read"),
  ahead: intSchema.describe("Commits on the branch that the base does not have"),
  behind: intSchema.describe("Commits on the base that the branch does not have"),
  diskBytes: intSchema.nullable().describe("Bytes it takes on disk; null when not yet read or too large to walk (over 200,000 files or 5 s)"),
  statusAt: dateTimeSchema.nullable().describe("When head, dirty, ahead/behind and disk use were read"),
  state: z.enum(states).describe("active: in use or waiting for its retention to pass; kept: its issue is closed but its work has not landed (see keptReason); removed: gone from disk, the row stays as a record"),
  keptReason: z.string().nullable(),
  error: z.string().nullable().describe("The last failure to make or use it"),
  lockedByRunId: uuidSchema.nullable().describe("The run working in it now"),
  removedAt: dateTimeSchema.nullable(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema.describe("When its state last changed"),
}).meta({ id: "ExecutionWorkspace" });
export type ExecutionWorkspaceDto = z.infer<typeof executionWorkspaceResponseSchema>;
