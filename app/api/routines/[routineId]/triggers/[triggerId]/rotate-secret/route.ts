import { apiHandler } from "@/lib/http/api-handler";
import { baseUrl } from "@/lib/oauth/config";
import { createdTriggerResponseSchema, triggerParams } from "@/lib/schemas/routines";
import { rotateTriggerSecret } from "@/lib/services/routines/triggers";

export const POST = apiHandler(
  {
    params: triggerParams,
    summary: "Rotate a webhook trigger's secret",
    description: "The new secret is shown only in this answer; the old one stops verifying at once.",
    errors: ["unprocessable"],
    response: createdTriggerResponseSchema,
  },
  ({ ctx, params, req }) => rotateTriggerSecret(ctx, params.routineId, params.triggerId, baseUrl(req)),
);
