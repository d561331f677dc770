import { env } from "@/lib/env";
import { apiHandler } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { importBodySchema, importResultSchema } from "@/lib/schemas/portability-import";
import { applyImport } from "@/lib/portability/import/service";

export const POST = apiHandler(
  {
    params: companyParams, body: importBodySchema, maxBodyBytes: () => env().CHARTER_PACKAGE_MAX_BYTES, status: 201,
    summary: "Import a company package into a new company or this one",
    description: "Plans again and writes everything in one transaction: a package with an error writes nothing. Into an existing company it only creates (rename or skip on collisions). Callers: board admins and owners, and the company's CEO agent.",
    response: importResultSchema,
    errors: ["invalid_package", "source_unavailable", "package_too_large", "replace_not_allowed", "target_mismatch", "unavailable"],
  },
  ({ ctx, params, body }) => applyImport(ctx, params.companyId, body),
);
