// Company packages from the board: the four portability routes (docs/design.md §10). The answers'
// types come from the routes' own schemas, so the page and the API cannot drift apart.
import type { z } from "zod";
import type { exportPreviewResponseSchema, exportResponseSchema } from "@/lib/schemas/portability";
import type { importPreviewSchema, importResultSchema } from "@/lib/schemas/portability-import";
import type { PackageFiles } from "@/lib/portability/package-files";
import { apiSend } from "@/lib/queries/fetcher";

export interface PackageInclude {
  company: boolean;
  agents: boolean;
  projects: boolean;
  issues: boolean;
}

export type ExportPreview = z.infer<typeof exportPreviewResponseSchema>;
export type ExportAnswer = z.infer<typeof exportResponseSchema>;
export type ImportPreview = z.infer<typeof importPreviewSchema>;
export type ImportResult = z.infer<typeof importResultSchema>;

export type ImportSourceBody =
  | { type: "inline"; files: PackageFiles }
  | { type: "git" | "github"; url: string; ref?: string; path?: string };

export interface ImportRequest {
  source: ImportSourceBody;
  include: PackageInclude;
  target: { mode: "new_company"; newCompanyName?: string } | { mode: "existing_company"; companyId: string };
  collisionStrategy: "rename" | "skip";
}

export const previewExport = (companyId: string, include: PackageInclude) =>
  apiSend<ExportPreview>("POST", `/api/companies/${companyId}/exports/preview`, { include });

export const runExport = (companyId: string, include: PackageInclude, selectedFiles?: string[]) =>
  apiSend<ExportAnswer>("POST", `/api/companies/${companyId}/exports`, selectedFiles ? { include, selectedFiles } : { include });

export const previewImport = (companyId: string, body: ImportRequest) =>
  apiSend<ImportPreview>("POST", `/api/companies/${companyId}/imports/preview`, body);

export const applyImport = (companyId: string, body: ImportRequest) =>
  apiSend<ImportResult>("POST", `/api/companies/${companyId}/imports/apply`, body);
