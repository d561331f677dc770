import { z } from "zod";
import { dateTimeSchema, uuidSchema } from "@/lib/schemas/common";

const url = z.string().trim().min(1).max(2000)
  .describe("Where deliveries are POSTed: https (http only where CHARTER_WEBHOOK_ALLOW_PRIVATE=1 allows), no credentials, not a loopback, private or link-local address");
const eventTypes = z.array(z.string().min(1).max(100)).min(1).max(50).describe("The event types delivered (see the Event components)");
const format = z.enum(["standard", "slack", "discord"]).describe("standard: the signed Standard Webhooks envelope; slack, discord: a chat message for an incoming-webhook URL");
const description = z.string().trim().max(500);

export const createWebhookSchema = z.strictObject({
  url,
  eventTypes,
  format: format.default("standard"),
  enabled: z.boolean().default(true),
  description: description.optional(),
});
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;

export const updateWebhookSchema = z.strictObject({
  url: url.optional(),
  eventTypes: eventTypes.optional(),
  format: format.optional(),
  enabled: z.boolean().optional().describe("Enabling a subscription disabled after failures clears its failure streak"),
  description: description.optional(),
});
export type UpdateWebhookInput = z.infer<typeof updateWebhookSchema>;

export const webhookParams = z.object({ webhookId: uuidSchema });
export const webhookDeliveryParams = z.object({ deliveryId: uuidSchema });

// ---------- responses ----------

export const webhookResponseSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  url: z.string(),
  format,
  eventTypes: z.array(z.string()),
  enabled: z.boolean(),
  description: z.string(),
  failingSince: dateTimeSchema.nullable().describe("Start of the current failure streak; 3 days of failures disable the subscription"),
  disabledAt: dateTimeSchema.nullable().describe("When failures disabled it, if they did"),
  previousSecretExpiresAt: dateTimeSchema.nullable().describe("Until then the secret before the last rotation signs too"),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
}).meta({ id: "Webhook" });

export const webhookWithSecretResponseSchema = webhookResponseSchema.extend({
  secret: z.string().describe("The signing secret (whsec_…), shown only in this answer"),
}).meta({ id: "WebhookWithSecret" });

export const webhookDeliveryResponseSchema = z.object({
  id: uuidSchema,
  eventId: uuidSchema.describe("The event's id, sent as webhook-id on every attempt"),
  eventType: z.string(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: dateTimeSchema.nullable().describe("When the next attempt is due, while pending"),
  deliveredAt: dateTimeSchema.nullable(),
  durationMs: z.number().int().nullable().describe("Duration of the last attempt"),
  createdAt: dateTimeSchema,
}).meta({ id: "WebhookDelivery" });

export const webhookAcceptedResponseSchema = z.object({
  deliveryId: uuidSchema.describe("The delivery queued"),
}).meta({ id: "WebhookAccepted" });
