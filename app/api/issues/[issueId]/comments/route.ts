import { apiHandler, listOf } from "@/lib/http/api-handler";
import { createCommentSchema, issueParams } from "@/lib/schemas/issues";
import { createComment, listComments } from "@/lib/services/comments";

export const GET = apiHandler({ params: issueParams, list: true }, async ({ ctx, params, query }) =>
  listOf(await listComments(ctx, params.issueId, query)),
);

export const POST = apiHandler({ params: issueParams, body: createCommentSchema, status: 201 }, ({ ctx, params, body }) =>
  createComment(ctx, params.issueId, body.body),
);
