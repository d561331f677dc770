import { apiHandler } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { costRangeQuery, costsByAgentResponseSchema } from "@/lib/schemas/costs";
import { costsByAgent } from "@/lib/services/cost-reports";

export const GET = apiHandler(
  {
    params: companyParams, query: costRangeQuery,
    summary: "Spend per agent over a range",
    response: costsByAgentResponseSchema,
  },
  ({ ctx, params, query }) => costsByAgent(ctx, params.companyId, query),
);
