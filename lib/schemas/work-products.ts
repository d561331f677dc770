// Work products: what work on an issue produced. Commits Charter reads from the issue's workspace after
// each run, and what agents and the board report (a pull request, a branch, a document, a preview…).
import { z } from "zod";
import { WorkProductKind } from "@/lib/generated/prisma/enums";
import { dateTimeSchema, intSchema, uuidSchema } from "@/lib/schemas/common";

const workProductKindSchema = z.enum(WorkProductKind);

const title = z.string().trim().min(1).max(500);
// the scheme (http or https) is checked by the service, which answers 422 naming the field
const url = z.string().trim().min(1).max(2048);
const status = z.string().trim().regex(/^[a-z][a-z0-9_]{0,31}$/, "must be a lowercase word such as open, merged or closed");

export const createWorkProductSchema = z.strictObject({
  kind: workProductKindSchema.describe("pull_request, branch, commit, document, url or preview"),
  title: title.describe("Required: what it is, e.g. the pull request's title"),
  url: url.optional().describe("Where it is (http or https); required for pull_request, url and preview"),
  status: status.optional().describe("A lowercase word: open, draft, merged, closed, deployed, failed…"),
});
export type CreateWorkProductInput = z.infer<typeof createWorkProductSchema>;

export const updateWorkProductSchema = z.strictObject({
  title: title.optional().describe("A new title"),
  url: url.nullable().optional().describe("http or https; null clears it (not for pull_request, url and preview)"),
  status: status.nullable().optional().describe("e.g. open → merged; null clears it"),
}).refine((b) => Object.keys(b).length > 0, { message: "send at least one of title, url and status" });
export type UpdateWorkProductInput = z.infer<typeof updateWorkProductSchema>;

export const listWorkProductsQuery = z.object({
  kind: workProductKindSchema.optional().describe("Only products of this kind (commit: the commits Charter read from git)"),
});

export const workProductParams = z.object({ workProductId: uuidSchema });

// ---------- responses ----------

export const workProductResponseSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  issueId: uuidSchema,
  runId: uuidSchema.nullable().describe("The run that produced or reported it"),
  kind: workProductKindSchema,
  title: z.string().describe("A commit's subject, or the reported title"),
  url: z.string().nullable(),
  status: z.string().nullable(),
  sha: z.string().nullable().describe("A commit read from git: its full sha (null for reported products)"),
  subject: z.string().nullable().describe("A commit's subject line"),
  author: z.string().nullable().describe("A commit's author, as `Name <email>`"),
  filesChanged: intSchema.nullable(),
  insertions: intSchema.nullable().describe("Lines added"),
  deletions: intSchema.nullable().describe("Lines removed"),
  createdByAgentId: uuidSchema.nullable().describe("The agent that reported it (null for commits Charter read)"),
  createdByUserId: uuidSchema.nullable(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
}).meta({ id: "WorkProduct" });
