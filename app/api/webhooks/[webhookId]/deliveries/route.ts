import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { webhookDeliveryResponseSchema, webhookParams } from "@/lib/schemas/webhooks";
import { listWebhookDeliveries } from "@/lib/services/webhooks/deliveries";

export const GET = apiHandler(
  {
    params: webhookParams, list: true,
    summary: "A subscription's delivery log, newest first",
    response: z.array(webhookDeliveryResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listWebhookDeliveries(ctx, params.webhookId, query)),
);
