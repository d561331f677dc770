import { apiHandler } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { costRangeQuery, costSummaryResponseSchema } from "@/lib/schemas/costs";
import { costSummary } from "@/lib/services/cost-reports";

export const GET = apiHandler(
  {
    params: companyParams, query: costRangeQuery,
    summary: "Spend over a range, by day, against the budget",
    response: costSummaryResponseSchema,
  },
  ({ ctx, params, query }) => costSummary(ctx, params.companyId, query),
);
