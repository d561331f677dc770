import { apiHandler } from "@/lib/http/api-handler";
import { webhookParams, webhookWithSecretResponseSchema } from "@/lib/schemas/webhooks";
import { rotateWebhookSecret } from "@/lib/services/webhooks/subscriptions";

export const POST = apiHandler(
  {
    params: webhookParams, status: 201,
    summary: "A new signing secret, shown once; the previous one keeps signing for 24 hours",
    response: webhookWithSecretResponseSchema,
  },
  ({ ctx, params }) => rotateWebhookSecret(ctx, params.webhookId),
);
