import { apiHandler } from "@/lib/http/api-handler";
import { issueParams } from "@/lib/schemas/issues";
import { reviewResponseSchema, reviewSchema } from "@/lib/schemas/verifications";
import { submitReview } from "@/lib/services/verifications/review";

export const POST = apiHandler(
  {
    params: issueParams, body: reviewSchema, status: 201, idempotent: true,
    summary: "The project's reviewer approves an issue in review (it moves to done) or requests changes (back to in_progress, its assignee woken)",
    response: reviewResponseSchema,
    errors: ["conflict", "verification_required"],
  },
  ({ ctx, params, body }) => submitReview(ctx, params.issueId, body),
);
