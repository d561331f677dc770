import { apiHandler } from "@/lib/http/api-handler";
import { commentParams, commentResponseSchema } from "@/lib/schemas/issues";
import { getComment } from "@/lib/services/comments";

export const GET = apiHandler(
  {
    params: commentParams,
    summary: "A comment",
    response: commentResponseSchema,
  },
  ({ ctx, params }) => getComment(ctx, params.issueId, params.commentId),
);
