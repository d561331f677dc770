import { apiHandler } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { issueCountsResponseSchema, listIssuesQuery } from "@/lib/schemas/issues";
import { countIssues } from "@/lib/services/issues/counts";

export const GET = apiHandler(
  {
    params: companyParams,
    query: listIssuesQuery,
    summary: "How many of the company's issues each status holds, under the list's filters",
    response: issueCountsResponseSchema,
  },
  ({ ctx, params, query }) => countIssues(ctx, params.companyId, query),
);
