import { apiHandler } from "@/lib/http/api-handler";
import { updateWebhookSchema, webhookParams, webhookResponseSchema } from "@/lib/schemas/webhooks";
import { deleteWebhook, getWebhook, updateWebhook } from "@/lib/services/webhooks/subscriptions";

export const GET = apiHandler(
  { params: webhookParams, summary: "A webhook subscription", response: webhookResponseSchema },
  ({ ctx, params }) => getWebhook(ctx, params.webhookId),
);

export const PATCH = apiHandler(
  { params: webhookParams, body: updateWebhookSchema, summary: "Update a webhook subscription", response: webhookResponseSchema },
  ({ ctx, params, body }) => updateWebhook(ctx, params.webhookId, body),
);

export const DELETE = apiHandler(
  { params: webhookParams, summary: "Delete a webhook subscription and its delivery log", response: null },
  ({ ctx, params }) => deleteWebhook(ctx, params.webhookId),
);
