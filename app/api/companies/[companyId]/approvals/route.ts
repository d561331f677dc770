import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { approvalResponseSchema, createApprovalSchema, listApprovalsQuery } from "@/lib/schemas/approvals";
import { createApproval, listApprovals } from "@/lib/services/approvals/crud";

export const GET = apiHandler(
  {
    params: companyParams, query: listApprovalsQuery, list: true,
    summary: "The company's approvals",
    response: z.array(approvalResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listApprovals(ctx, params.companyId, query)),
);

export const POST = apiHandler(
  {
    params: companyParams, body: createApprovalSchema, status: 201,
    summary: "Request an approval (the CEO's strategy)",
    idempotent: true,
    response: approvalResponseSchema,
  },
  ({ ctx, params, body }) => createApproval(ctx, params.companyId, body),
);
