import { apiHandler } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { stalledIssuesResponseSchema } from "@/lib/schemas/issues";
import { listStalledQuery } from "@/lib/schemas/liveness";
import { listStalled } from "@/lib/services/liveness/queries";

export const GET = apiHandler(
  {
    params: companyParams,
    query: listStalledQuery,
    summary: "The company's open issues that are not moving, with why, and how many per reason",
    response: stalledIssuesResponseSchema,
  },
  ({ ctx, params, query }) => listStalled(ctx, params.companyId, query),
);
