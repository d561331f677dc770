import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { approvalCommentResponseSchema, approvalCommentSchema, approvalParams } from "@/lib/schemas/approvals";
import { addApprovalComment, listApprovalComments } from "@/lib/services/approvals/crud";

export const GET = apiHandler(
  {
    params: approvalParams, list: true,
    summary: "An approval's comments",
    response: z.array(approvalCommentResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listApprovalComments(ctx, params.approvalId, query)),
);

export const POST = apiHandler(
  {
    params: approvalParams, body: approvalCommentSchema, status: 201,
    summary: "Comment on an approval",
    response: approvalCommentResponseSchema,
  },
  ({ ctx, params, body }) => addApprovalComment(ctx, params.approvalId, body.body),
);
