import { apiHandler } from "@/lib/http/api-handler";
import { approvalParams } from "@/lib/schemas/approvals";
import { listApprovalIssues } from "@/lib/services/approvals/approvals";

export const GET = apiHandler({ params: approvalParams }, ({ ctx, params }) => listApprovalIssues(ctx, params.approvalId));
