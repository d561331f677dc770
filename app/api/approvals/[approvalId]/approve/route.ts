import { apiHandler } from "@/lib/http/api-handler";
import { approvalParams, approvalResponseSchema, approveApprovalSchema } from "@/lib/schemas/approvals";
import { approveApproval } from "@/lib/services/approvals/decide";

export const POST = apiHandler(
  {
    params: approvalParams, body: approveApprovalSchema,
    summary: "Approve (board)",
    idempotent: true,
    response: approvalResponseSchema,
  },
  ({ ctx, params, body }) => approveApproval(ctx, params.approvalId, body.decisionNote, body),
);
