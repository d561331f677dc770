import { apiHandler } from "@/lib/http/api-handler";
import { issueParams } from "@/lib/schemas/issues";
import { linkApprovalSchema } from "@/lib/schemas/approvals";
import { linkIssueApproval, listIssueApprovals } from "@/lib/services/approvals/approvals";

export const GET = apiHandler({ params: issueParams }, ({ ctx, params }) => listIssueApprovals(ctx, params.issueId));

export const POST = apiHandler({ params: issueParams, body: linkApprovalSchema, status: 201 }, ({ ctx, params, body }) =>
  linkIssueApproval(ctx, params.issueId, body.approvalId),
);
