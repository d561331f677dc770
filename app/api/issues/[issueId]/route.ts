import { apiHandler } from "@/lib/http/api-handler";
import { issueDetailResponseSchema, issueParams, issueResponseSchema, updateIssueSchema } from "@/lib/schemas/issues";
import { getIssueDetail } from "@/lib/services/issues/queries";
import { updateIssue } from "@/lib/services/issues/update";

export const GET = apiHandler(
  {
    params: issueParams,
    summary: "An issue, with its project, goal and ancestors",
    response: issueDetailResponseSchema,
  },
  ({ ctx, params }) => getIssueDetail(ctx, params.issueId),
);

export const PATCH = apiHandler(
  {
    params: issueParams, body: updateIssueSchema,
    summary: "Update an issue (status, assignee, fields; optionally add a comment)",
    response: issueResponseSchema,
    errors: ["conflict", "invalid_transition", "verification_required", "blocker_cycle"],
  },
  ({ ctx, params, body }) => updateIssue(ctx, params.issueId, body),
);
