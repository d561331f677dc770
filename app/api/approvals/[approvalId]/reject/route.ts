import { apiHandler } from "@/lib/http/api-handler";
import { approvalParams, approvalResponseSchema, decideApprovalSchema } from "@/lib/schemas/approvals";
import { rejectApproval } from "@/lib/services/approvals/decide";

export const POST = apiHandler(
  {
    params: approvalParams, body: decideApprovalSchema,
    summary: "Reject (board)",
    idempotent: true,
    response: approvalResponseSchema,
  },
  ({ ctx, params, body }) => rejectApproval(ctx, params.approvalId, body.decisionNote),
);
