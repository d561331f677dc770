import { apiHandler } from "@/lib/http/api-handler";
import { approvalParams, resubmitApprovalSchema } from "@/lib/schemas/approvals";
import { resubmitApproval } from "@/lib/services/approvals/decide";

export const POST = apiHandler({ params: approvalParams, body: resubmitApprovalSchema }, ({ ctx, params, body }) =>
  resubmitApproval(ctx, params.approvalId, body.payload),
);
