import { apiHandler } from "@/lib/http/api-handler";
import { approvalParams, decideApprovalSchema } from "@/lib/schemas/approvals";
import { requestRevision } from "@/lib/services/approvals/decide";

export const POST = apiHandler({ params: approvalParams, body: decideApprovalSchema }, ({ ctx, params, body }) =>
  requestRevision(ctx, params.approvalId, body.decisionNote),
);
