import { apiHandler } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { costRangeQuery } from "@/lib/schemas/costs";
import { costSummary } from "@/lib/services/cost-reports";

export const GET = apiHandler({ params: companyParams, query: costRangeQuery }, ({ ctx, params, query }) =>
  costSummary(ctx, params.companyId, query),
);
