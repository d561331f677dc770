import { apiHandler } from "@/lib/http/api-handler";
import { webhookAcceptedResponseSchema, webhookParams } from "@/lib/schemas/webhooks";
import { testWebhook } from "@/lib/services/webhooks/deliveries";

export const POST = apiHandler(
  {
    params: webhookParams, status: 202,
    summary: "Send a webhook.test event to this subscription only",
    response: webhookAcceptedResponseSchema,
  },
  ({ ctx, params }) => testWebhook(ctx, params.webhookId),
);
