import { apiHandler } from "@/lib/http/api-handler";
import { approvalParams } from "@/lib/schemas/approvals";
import { getApproval } from "@/lib/services/approvals/approvals";

export const GET = apiHandler({ params: approvalParams }, ({ ctx, params }) => getApproval(ctx, params.approvalId));
