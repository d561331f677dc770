import { apiHandler } from "@/lib/http/api-handler";
import { issueApprovalParams } from "@/lib/schemas/approvals";
import { unlinkIssueApproval } from "@/lib/services/approvals/crud";

export const DELETE = apiHandler(
  {
    params: issueApprovalParams,
    summary: "Unlink an approval from an issue",
    response: null,
  },
  ({ ctx, params }) => unlinkIssueApproval(ctx, params.issueId, params.approvalId),
);
