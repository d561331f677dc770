// Export requests and answers (docs/design.md §10). The package's file map is lib/portability/package-files.ts.
import { z } from "zod";
import { packageFilesSchema, packagePathSchema } from "@/lib/portability/package-files";
import { intSchema } from "@/lib/schemas/common";

const exportIncludeSchema = z.strictObject({
  company: z.boolean().optional().describe("Company settings, logo and goals (COMPANY.md keeps the name and description). Default true"),
  agents: z.boolean().optional().describe("agents/<slug>/AGENTS.md with each agent's instructions. Default true"),
  projects: z.boolean().optional().describe("projects/<slug>/PROJECT.md. Default true"),
  issues: z.boolean().optional().describe("tasks/<identifier>/TASK.md for every issue. Default false: tasks come only when asked for"),
}).describe("What the package holds");

export const exportPreviewSchema = z.strictObject({
  include: exportIncludeSchema.optional(),
});

export const exportSchema = z.strictObject({
  include: exportIncludeSchema.optional(),
  selectedFiles: z.array(packagePathSchema).min(1).max(5000).optional()
    .describe("Paths of the preview's inventory to keep; every other file is left out, and a path not in the package is a warning. A task's path selects that task even when include.issues is false"),
});

const warningsSchema = z.array(z.string()).describe("What stayed behind and why (machine-specific settings, local directories, terminated agents…)");

export const exportResponseSchema = z.object({
  rootPath: z.string().describe("The package's folder name: the company's slug"),
  files: packageFilesSchema,
  warnings: warningsSchema,
}).meta({ id: "CompanyExport" });

export const exportPreviewResponseSchema = z.object({
  rootPath: z.string().describe("The package's folder name: the company's slug"),
  files: packageFilesSchema,
  fileInventory: z.array(z.object({
    path: z.string(),
    kind: z.enum(["company", "agent", "project", "issue", "extension", "other"]),
  })).describe("Every file of the package, by path, with what it describes"),
  counts: z.object({
    files: intSchema, agents: intSchema, projects: intSchema, issues: intSchema, goals: intSchema,
  }),
  warnings: warningsSchema,
}).meta({ id: "CompanyExportPreview" });
