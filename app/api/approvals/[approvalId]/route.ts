import { apiHandler } from "@/lib/http/api-handler";
import { approvalParams, approvalResponseSchema } from "@/lib/schemas/approvals";
import { getApproval } from "@/lib/services/approvals/crud";

export const GET = apiHandler(
  {
    params: approvalParams,
    summary: "An approval",
    response: approvalResponseSchema,
  },
  ({ ctx, params }) => getApproval(ctx, params.approvalId),
);
