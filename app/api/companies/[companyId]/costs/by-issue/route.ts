import { apiHandler } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { costsByIssueResponseSchema } from "@/lib/schemas/costs";
import { costsByIssue } from "@/lib/services/cost-reports";

export const GET = apiHandler(
  {
    params: companyParams,
    summary: "The 20 most expensive issues, over all time",
    response: costsByIssueResponseSchema,
  },
  ({ ctx, params }) => costsByIssue(ctx, params.companyId),
);
