import { apiHandler } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { costRangeQuery, costsByProjectResponseSchema } from "@/lib/schemas/costs";
import { costsByProject } from "@/lib/services/cost-reports";

export const GET = apiHandler(
  {
    params: companyParams, query: costRangeQuery,
    summary: "Spend per project over a range",
    response: costsByProjectResponseSchema,
  },
  ({ ctx, params, query }) => costsByProject(ctx, params.companyId, query),
);
