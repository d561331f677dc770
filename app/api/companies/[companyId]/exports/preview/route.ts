import { apiHandler } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { exportPreviewResponseSchema, exportPreviewSchema } from "@/lib/schemas/portability";
import { exportCompany } from "@/lib/portability/export";

export const POST = apiHandler(
  {
    params: companyParams, body: exportPreviewSchema,
    summary: "Preview a company export",
    description: "The package an export would give, with an inventory of its files (path and kind), counts and warnings; writes nothing. Tasks come only with include.issues.",
    response: exportPreviewResponseSchema,
  },
  ({ ctx, params, body }) => exportCompany(ctx, params.companyId, body, { preview: true }),
);
