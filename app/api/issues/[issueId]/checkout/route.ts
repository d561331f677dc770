import { apiHandler } from "@/lib/http/api-handler";
import { checkoutSchema, issueParams } from "@/lib/schemas/issues";
import { checkoutIssue } from "@/lib/services/issues/checkout";

export const POST = apiHandler({ params: issueParams, body: checkoutSchema }, ({ ctx, params, body }) =>
  checkoutIssue(ctx, params.issueId, body),
);
