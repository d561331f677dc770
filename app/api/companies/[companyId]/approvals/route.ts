import { apiHandler, listOf } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { createApprovalSchema, listApprovalsQuery } from "@/lib/schemas/approvals";
import { createApproval, listApprovals } from "@/lib/services/approvals/approvals";

export const GET = apiHandler({ params: companyParams, query: listApprovalsQuery, list: true }, async ({ ctx, params, query }) =>
  listOf(await listApprovals(ctx, params.companyId, query)),
);

export const POST = apiHandler({ params: companyParams, body: createApprovalSchema, status: 201 }, ({ ctx, params, body }) =>
  createApproval(ctx, params.companyId, body),
);
