import { apiHandler } from "@/lib/http/api-handler";
import { issueParams, issueResponseSchema } from "@/lib/schemas/issues";
import { releaseIssue } from "@/lib/services/issues/checkout";

export const POST = apiHandler(
  {
    params: issueParams,
    summary: "Release a checked-out issue",
    response: issueResponseSchema,
  },
  ({ ctx, params }) => releaseIssue(ctx, params.issueId),
);
