import { apiHandler } from "@/lib/http/api-handler";
import { webhookAcceptedResponseSchema, webhookDeliveryParams } from "@/lib/schemas/webhooks";
import { redeliverWebhookDelivery } from "@/lib/services/webhooks/deliveries";

export const POST = apiHandler(
  {
    params: webhookDeliveryParams, status: 202,
    summary: "Send a delivery again, as the same event (same webhook-id); a pending one is retried now, one with an attempt in flight is 409 delivery_in_flight",
    errors: ["delivery_in_flight"],
    response: webhookAcceptedResponseSchema,
  },
  ({ ctx, params }) => redeliverWebhookDelivery(ctx, params.deliveryId),
);
