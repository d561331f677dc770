import { z } from "zod";
import { packageFilesSchema, packagePathSchema } from "@/lib/portability/package-files";
import { parseGitUrl, parseGithubUrl, refProblem, subPathProblem } from "@/lib/portability/import/urls";
import { refSchema, uuidSchema } from "@/lib/schemas/common";
import { agentRoles } from "@/lib/schemas/agents";

const refine = (check: (v: string) => string | null | object) => (value: string, ctx: z.RefinementCtx) => {
  const problem = check(value);
  if (typeof problem === "string") ctx.addIssue({ code: "custom", message: problem });
};

const gitRef = z.string().superRefine(refine(refProblem)).describe("A branch, tag or commit id; an apply may pin the previewed commit here");
const subPath = z.string().superRefine(refine(subPathProblem)).describe("The package's folder inside the repository");

const inlineSourceSchema = z.strictObject({
  type: z.literal("inline"),
  files: packageFilesSchema,
  rootPath: packagePathSchema.nullable().optional().describe("The package's folder inside files; files outside it are ignored"),
});

const gitSourceSchema = z.strictObject({
  type: z.literal("git"),
  url: z.string().superRefine(refine(parseGitUrl)).describe("https://, ssh://, git://, file:// (board users only) or user@host:path"),
  ref: gitRef.nullable().optional(),
  path: subPath.nullable().optional(),
});

const githubSourceSchema = z.strictObject({
  type: z.literal("github"),
  url: z.string().superRefine(refine(parseGithubUrl))
    .describe("https://github.com/<owner>/<repo>, …/tree/<ref>/<path>, …/blob/<ref>/<path>/COMPANY.md or ?ref=&path="),
  ref: gitRef.nullable().optional().describe("Overrides the URL's ref (to pin the previewed commit)"),
  path: subPath.nullable().optional().describe("Overrides the URL's folder"),
});

const importSourceSchema = z.discriminatedUnion("type", [inlineSourceSchema, gitSourceSchema, githubSourceSchema]);
export type ImportSource = z.infer<typeof importSourceSchema>;

const importIncludeSchema = z.strictObject({
  company: z.boolean().default(true).describe("Company settings, logo and goals"),
  agents: z.boolean().default(true),
  projects: z.boolean().default(true),
  issues: z.boolean().default(false).describe("Tasks are imported only when asked"),
});

const importTargetSchema = z.discriminatedUnion("mode", [
  z.strictObject({
    mode: z.literal("new_company"),
    newCompanyName: z.string().trim().min(1).max(120).optional().describe("Defaults to the package's name"),
  }),
  z.strictObject({
    mode: z.literal("existing_company"),
    companyId: refSchema.describe("The route's company (id or issue prefix); another is 422 target_mismatch"),
  }),
]);

export const importBodySchema = z.strictObject({
  source: importSourceSchema,
  include: importIncludeSchema.default({ company: true, agents: true, projects: true, issues: false }),
  target: importTargetSchema,
  collisionStrategy: z.enum(["rename", "skip", "replace"]).default("rename")
    .describe("rename (Name 2) or skip (reuse the existing row); replace is refused with 422 replace_not_allowed"),
});
export type ImportBody = z.infer<typeof importBodySchema>;

// ---------- answers ----------

const action = z.enum(["create", "skip"]);
const sourceAnswer = z.object({
  type: z.enum(["inline", "git", "github"]),
  url: z.string().nullable().describe("Without user info"),
  ref: z.string().nullable(),
  path: z.string().nullable(),
  commit: z.string().nullable().describe("The fetched commit; pass it as ref to apply exactly what was previewed"),
});
const requiredSecret = z.object({
  key: z.string(),
  agentSlug: z.string().nullable().describe("null: declared for the whole company"),
  requirement: z.enum(["required", "optional"]),
  declaredIn: z.string().describe("The package file that declares it"),
});

const importPlanSchema = z.object({
  companyAction: z.enum(["create", "none"]),
  agentPlans: z.array(z.object({
    slug: z.string(), action, plannedName: z.string(), existingAgentId: uuidSchema.nullable(), reason: z.string().nullable(),
    role: z.enum(agentRoles), reportsToSlug: z.string().nullable(), status: z.enum(["idle", "pending_approval"]), adapterType: z.string(),
  })),
  projectPlans: z.array(z.object({ slug: z.string(), action, plannedName: z.string(), existingProjectId: uuidSchema.nullable(), reason: z.string().nullable() })),
  issuePlans: z.array(z.object({
    slug: z.string(), action, plannedTitle: z.string(), projectSlug: z.string().nullable(), assigneeSlug: z.string().nullable(), reason: z.string().nullable(),
  })),
  goalPlans: z.array(z.object({ key: z.string(), action, plannedTitle: z.string(), existingGoalId: uuidSchema.nullable(), reason: z.string().nullable() })),
  routinePlans: z.array(z.object({
    key: z.string().describe("The routine's key in .charter.yaml"), action, plannedName: z.string(),
    assigneeSlug: z.string().describe("The assignee agent's slug in the package (a skipped agent: the existing one)"), reason: z.string().nullable(),
  })).describe("Routines of .charter.yaml with their schedule and api triggers; webhook triggers are never imported"),
});

export const importPreviewSchema = z.object({
  include: z.object({ company: z.boolean(), agents: z.boolean(), projects: z.boolean(), issues: z.boolean() }),
  targetCompanyId: uuidSchema.nullable().describe("null for a new company"),
  targetCompanyName: z.string(),
  collisionStrategy: z.enum(["rename", "skip"]),
  source: sourceAnswer,
  plan: importPlanSchema,
  requiredSecrets: z.array(requiredSecret),
  warnings: z.array(z.string()),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).describe("Always empty here: a package with errors is 422 invalid_package"),
}).meta({ id: "ImportPreview" });

const entityResult = z.object({ slug: z.string(), id: uuidSchema, action: z.enum(["created", "skipped"]), name: z.string() });

export const importResultSchema = z.object({
  company: z.object({ id: uuidSchema, name: z.string(), issuePrefix: z.string(), action: z.enum(["created", "unchanged"]) }),
  agents: z.array(entityResult.extend({
    status: z.string(), approvalId: uuidSchema.nullable(), reason: z.string().nullable(),
  })),
  projects: z.array(entityResult),
  issues: z.array(z.object({ slug: z.string(), id: uuidSchema, identifier: z.string(), action: z.literal("created") })),
  goals: z.array(entityResult.omit({ slug: true }).extend({ key: z.string() })),
  routines: z.array(entityResult.omit({ slug: true }).extend({ key: z.string() })),
  source: sourceAnswer,
  requiredSecrets: z.array(requiredSecret),
  warnings: z.array(z.string()),
}).meta({ id: "ImportResult" });
