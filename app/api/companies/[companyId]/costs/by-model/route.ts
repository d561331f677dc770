import { apiHandler } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { costRangeQuery, costsByModelResponseSchema } from "@/lib/schemas/costs";
import { costsByModel } from "@/lib/services/cost-reports";

export const GET = apiHandler(
  {
    params: companyParams, query: costRangeQuery,
    summary: "Spend per provider and model over a range",
    response: costsByModelResponseSchema,
  },
  ({ ctx, params, query }) => costsByModel(ctx, params.companyId, query),
);
