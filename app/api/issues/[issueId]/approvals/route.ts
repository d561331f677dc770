import { z } from "zod";
import { apiHandler } from "@/lib/http/api-handler";
import { issueParams } from "@/lib/schemas/issues";
import { approvalResponseSchema, linkApprovalSchema } from "@/lib/schemas/approvals";
import { linkIssueApproval, listIssueApprovals } from "@/lib/services/approvals/crud";

export const GET = apiHandler(
  {
    params: issueParams,
    summary: "The approvals linked to an issue",
    response: z.array(approvalResponseSchema),
  },
  ({ ctx, params }) => listIssueApprovals(ctx, params.issueId),
);

export const POST = apiHandler(
  {
    params: issueParams, body: linkApprovalSchema, status: 201,
    summary: "Link an approval to an issue",
    response: approvalResponseSchema,
  },
  ({ ctx, params, body }) => linkIssueApproval(ctx, params.issueId, body.approvalId),
);
