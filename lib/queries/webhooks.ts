// Webhooks: query keys nested under the company, and the fetchers for /api/**/webhooks.
import type { WebhookDeliveryDto, WebhookDto } from "@/lib/dto/webhooks";
import { apiAll, apiPage, apiSend } from "@/lib/queries/fetcher";

export type { WebhookDeliveryDto, WebhookDto };
export type WebhookWithSecret = WebhookDto & { secret: string };

export const webhookKeys = {
  all: (companyId: string) => ["companies", companyId, "webhooks"] as const,
  list: (companyId: string) => [...webhookKeys.all(companyId), "list"] as const,
  deliveries: (companyId: string, webhookId: string) => [...webhookKeys.all(companyId), "deliveries", webhookId] as const,
};

export interface WebhookInput {
  url: string;
  eventTypes: string[];
  format: "standard" | "slack" | "discord";
  description?: string;
}

export const fetchWebhooks = (companyId: string) => apiAll<WebhookDto>(`/api/companies/${companyId}/webhooks`);
export const createWebhook = (companyId: string, input: WebhookInput) => apiSend<WebhookWithSecret>("POST", `/api/companies/${companyId}/webhooks`, input);
export const updateWebhook = (webhookId: string, patch: Partial<WebhookInput> & { enabled?: boolean }) => apiSend<WebhookDto>("PATCH", `/api/webhooks/${webhookId}`, patch);
export const deleteWebhook = (webhookId: string) => apiSend<void>("DELETE", `/api/webhooks/${webhookId}`);
export const rotateWebhookSecret = (webhookId: string) => apiSend<WebhookWithSecret>("POST", `/api/webhooks/${webhookId}/rotate-secret`);
export const testWebhook = (webhookId: string) => apiSend<{ deliveryId: string }>("POST", `/api/webhooks/${webhookId}/test`);
const DELIVERIES_PAGE_SIZE = 50;
export const fetchWebhookDeliveries = (webhookId: string, cursor: string | null) =>
  apiPage<WebhookDeliveryDto>(`/api/webhooks/${webhookId}/deliveries`, { limit: DELIVERIES_PAGE_SIZE, cursor });
export const redeliverWebhookDelivery = (deliveryId: string) => apiSend<{ deliveryId: string }>("POST", `/api/webhook-deliveries/${deliveryId}/redeliver`);
