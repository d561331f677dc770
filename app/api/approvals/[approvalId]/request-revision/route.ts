import { apiHandler } from "@/lib/http/api-handler";
import { approvalParams, approvalResponseSchema, decideApprovalSchema } from "@/lib/schemas/approvals";
import { requestRevision } from "@/lib/services/approvals/decide";

export const POST = apiHandler(
  {
    params: approvalParams, body: decideApprovalSchema,
    summary: "Ask the requester for a revision (board)",
    idempotent: true,
    response: approvalResponseSchema,
  },
  ({ ctx, params, body }) => requestRevision(ctx, params.approvalId, body.decisionNote),
);
