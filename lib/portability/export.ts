// Exporting a company as a package: the preview shows every file with its kind and writes nothing; the
// final export may keep only a selection of those files and leaves a `company.exported` activity row.
// The routes, the CLI and the board all come through exportCompany.
import type { Actor } from "@/lib/auth/actor";
import { validationError } from "@/lib/http/errors";
import { packagePathProblem, type PackageFiles } from "@/lib/portability/package-files";
import { readExportModel, type ExportInclude, type IssueSelection } from "@/lib/portability/export-read";
import { buildPackage, inventoryKind, sortedFiles, type ExportCounts, type InventoryKind } from "@/lib/portability/export-build";
import { getCompanyOrThrow } from "@/lib/services/company-scope";
import { inTx, type ServiceContext } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";

export interface ExportOptions {
  include?: Partial<ExportInclude>;
  /** final export only: the package paths to keep */
  selectedFiles?: string[];
}

export interface ExportResult {
  rootPath: string;
  files: PackageFiles;
  warnings: string[];
}

export interface ExportPreview extends ExportResult {
  fileInventory: { path: string; kind: InventoryKind }[];
  counts: ExportCounts;
}

const defaultInclude: ExportInclude = { company: true, agents: true, projects: true, issues: false };

/** The tasks a selection names (`tasks/<identifier>/…`), as identifiers: a task comes when its path is selected. */
function selectedTasks(selectedFiles: string[] | undefined): string[] {
  const ids = (selectedFiles ?? []).map((p) => /^tasks\/([^/]+)\//.exec(p)?.[1]).filter((s): s is string => !!s);
  return [...new Set(ids.map((s) => s.toUpperCase()))].sort();
}

/** Exactly the selected paths that are in the package, unchanged; each other path is a warning. */
function select(files: PackageFiles, selectedFiles: string[]): { files: PackageFiles; warnings: string[] } {
  const kept: PackageFiles = {};
  const warnings: string[] = [];
  for (const path of new Set(selectedFiles)) {
    if (Object.hasOwn(files, path)) kept[path] = files[path];
    else warnings.push(`selectedFiles: ${JSON.stringify(path)} is not in the package`);
  }
  return { files: sortedFiles(kept), warnings };
}

function checkSelection(selectedFiles: string[] | undefined, preview: boolean) {
  if (selectedFiles === undefined) return;
  if (preview) throw validationError("selectedFiles", "selectedFiles narrows the final export only; preview the whole package");
  if (selectedFiles.length === 0) throw validationError("selectedFiles", "must list at least one path");
  selectedFiles.forEach((path, i) => {
    const problem = packagePathProblem(path);
    if (problem) throw validationError(`selectedFiles.${i}`, `package path ${problem}`);
  });
}

/** Who the activity row names: a person or agent, or Charter itself for the command line. */
const activityActor = (actor: Actor): Actor | null => (actor.kind === "board" && actor.via === "cli" ? null : actor);

export function exportCompany(ctx: ServiceContext, companyRef: string, input: ExportOptions, opts: { preview: true }): Promise<ExportPreview>;
export function exportCompany(ctx: ServiceContext, companyRef: string, input: ExportOptions, opts: { preview: false }): Promise<ExportResult>;
export async function exportCompany(ctx: ServiceContext, companyRef: string, input: ExportOptions, opts: { preview: boolean }): Promise<ExportPreview | ExportResult> {
  const company = await getCompanyOrThrow(ctx, companyRef, "company.portability");
  checkSelection(input.selectedFiles, opts.preview);
  const include: ExportInclude = { ...defaultInclude, ...input.include };
  const issues: IssueSelection = include.issues ? "all" : selectedTasks(input.selectedFiles);
  const pkg = buildPackage(await readExportModel(ctx.db, company.id, include, issues), include);
  if (opts.preview) {
    const fileInventory = Object.keys(pkg.files).map((path) => ({ path, kind: inventoryKind(path) }));
    return { rootPath: pkg.rootPath, files: pkg.files, fileInventory, counts: pkg.counts, warnings: pkg.warnings };
  }
  const selection = input.selectedFiles ? select(pkg.files, input.selectedFiles) : { files: pkg.files, warnings: [] };
  const files = selection.files;
  await inTx(ctx, (tx) => recordActivity(tx, activityActor(ctx.actor), {
    companyId: company.id, action: "company.exported", entityType: "company", entityId: company.id,
    details: { include: { ...include }, files: Object.keys(files).length, selected: input.selectedFiles !== undefined },
  }));
  return { rootPath: pkg.rootPath, files, warnings: [...pkg.warnings, ...selection.warnings] };
}
