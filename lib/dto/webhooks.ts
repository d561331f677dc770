import type { WebhookDelivery, WebhookSubscription } from "@/lib/generated/prisma/client";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function webhookDto(row: WebhookSubscription) {
  return {
    id: row.id,
    companyId: row.companyId,
    url: row.url,
    format: row.format,
    eventTypes: row.eventTypes,
    enabled: row.enabled,
    description: row.description,
    failingSince: iso(row.failingSince),
    disabledAt: iso(row.disabledAt),
    previousSecretExpiresAt: iso(row.previousSecretExpiresAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type WebhookDto = ReturnType<typeof webhookDto>;

export function webhookDeliveryDto(row: WebhookDelivery) {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: iso(row.deliveredAt),
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
  };
}

export type WebhookDeliveryDto = ReturnType<typeof webhookDeliveryDto>;
