import { apiHandler } from "@/lib/http/api-handler";
import { commentParams } from "@/lib/schemas/issues";
import { getComment } from "@/lib/services/comments";

export const GET = apiHandler({ params: commentParams }, ({ ctx, params }) => getComment(ctx, params.issueId, params.commentId));
