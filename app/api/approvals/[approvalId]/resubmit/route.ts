import { apiHandler } from "@/lib/http/api-handler";
import { approvalParams, approvalResponseSchema, resubmitApprovalSchema } from "@/lib/schemas/approvals";
import { resubmitApproval } from "@/lib/services/approvals/decide";

export const POST = apiHandler(
  {
    params: approvalParams, body: resubmitApprovalSchema,
    summary: "Resubmit an approval after a revision request",
    idempotent: true,
    response: approvalResponseSchema,
  },
  ({ ctx, params, body }) => resubmitApproval(ctx, params.approvalId, body.payload),
);
