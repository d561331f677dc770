import { apiHandler } from "@/lib/http/api-handler";
import { checkoutSchema, issueParams, issueResponseSchema } from "@/lib/schemas/issues";
import { checkoutIssue } from "@/lib/services/issues/checkout";

export const POST = apiHandler(
  {
    params: issueParams, body: checkoutSchema,
    summary: "Check out an issue to work on it (409 when another holds it: never retry)",
    response: issueResponseSchema,
    errors: ["conflict", "invalid_transition"],
  },
  ({ ctx, params, body }) => checkoutIssue(ctx, params.issueId, body),
);
