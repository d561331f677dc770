import { env } from "@/lib/env";
import { apiHandler } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { importBodySchema, importPreviewSchema } from "@/lib/schemas/portability-import";
import { previewImport } from "@/lib/portability/import/service";

export const POST = apiHandler(
  {
    params: companyParams, body: importBodySchema, maxBodyBytes: () => env().CHARTER_PACKAGE_MAX_BYTES,
    summary: "Preview importing a company package (writes nothing)",
    description: "Reads the package (inline files, a git URL or a GitHub address) and answers what an apply would create or skip, with warnings and required secrets. Callers: board admins and owners, and the company's CEO agent.",
    response: importPreviewSchema,
    errors: ["invalid_package", "source_unavailable", "package_too_large", "replace_not_allowed", "target_mismatch", "unavailable"],
  },
  ({ ctx, params, body }) => previewImport(ctx, params.companyId, body),
);
