import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { commentResponseSchema, createCommentSchema, issueParams } from "@/lib/schemas/issues";
import { createComment, listComments } from "@/lib/services/comments";

export const GET = apiHandler(
  {
    params: issueParams, list: true,
    summary: "An issue's comments",
    response: z.array(commentResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listComments(ctx, params.issueId, query)),
);

export const POST = apiHandler(
  {
    params: issueParams, body: createCommentSchema, status: 201,
    summary: "Comment on an issue (@-mentions wake agents)",
    idempotent: true,
    response: commentResponseSchema,
  },
  ({ ctx, params, body }) => createComment(ctx, params.issueId, body.body),
);
