import { apiHandler } from "@/lib/http/api-handler";
import { issueParams, updateIssueSchema } from "@/lib/schemas/issues";
import { getIssueDetail } from "@/lib/services/issues/queries";
import { updateIssue } from "@/lib/services/issues/update";

export const GET = apiHandler({ params: issueParams }, ({ ctx, params }) => getIssueDetail(ctx, params.issueId));

export const PATCH = apiHandler({ params: issueParams, body: updateIssueSchema }, ({ ctx, params, body }) =>
  updateIssue(ctx, params.issueId, body),
);
