import { apiHandler } from "@/lib/http/api-handler";
import { companyParams, companyResponseSchema, updateCompanySchema } from "@/lib/schemas/companies";
import { getCompany, updateCompany } from "@/lib/services/companies";

export const GET = apiHandler(
  {
    params: companyParams,
    summary: "A company",
    response: companyResponseSchema,
  },
  ({ ctx, params }) => getCompany(ctx, params.companyId),
);

export const PATCH = apiHandler(
  {
    params: companyParams, body: updateCompanySchema,
    summary: "Update a company",
    response: companyResponseSchema,
  },
  ({ ctx, params, body }) => updateCompany(ctx, params.companyId, body),
);
