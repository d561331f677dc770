import { apiHandler } from "@/lib/http/api-handler";
import { companyParams, updateCompanySchema } from "@/lib/schemas/companies";
import { getCompany, updateCompany } from "@/lib/services/companies";

export const GET = apiHandler({ params: companyParams }, ({ ctx, params }) => getCompany(ctx, params.companyId));

export const PATCH = apiHandler({ params: companyParams, body: updateCompanySchema }, ({ ctx, params, body }) =>
  updateCompany(ctx, params.companyId, body),
);
