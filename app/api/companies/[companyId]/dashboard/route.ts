import { apiHandler } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { getDashboard } from "@/lib/services/dashboard";
import { dashboardQuery as query, dashboardResponseSchema } from "@/lib/schemas/dashboard";

export const GET = apiHandler(
  {
    params: companyParams, query,
    summary: "The company at a glance",
    response: dashboardResponseSchema,
  },
  ({ ctx, params, query }) => getDashboard(ctx, params.companyId, query),
);
