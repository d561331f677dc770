// A subscription's delivery log, redelivery and the test button.
import { authorize, companyScope } from "@/lib/auth/permissions";
import { AppError, notFound } from "@/lib/http/errors";
import { keysetPage, type ListQuery } from "@/lib/http/pagination";
import { webhookDeliveryDto } from "@/lib/dto/webhooks";
import { uuidv7 } from "@/lib/ids";
import { inTx, type ServiceContext } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { getWebhookOrThrow } from "@/lib/services/webhooks/subscriptions";
import { kickDrain } from "@/lib/services/webhooks/kick";

const listOrder = [["id", "desc", "uuid"]] as const;

export async function listWebhookDeliveries(ctx: ServiceContext, webhookId: string, query: ListQuery) {
  const sub = await getWebhookOrThrow(ctx, webhookId);
  return keysetPage(query, listOrder, ({ after, ...page }) => ctx.db.webhookDelivery.findMany({
    where: { subscriptionId: sub.id, ...after }, ...page,
  }), webhookDeliveryDto);
}

/** Sends a `webhook.test` event to this subscription only, whatever event types it selects. */
export async function testWebhook(ctx: ServiceContext, webhookId: string) {
  const sub = await getWebhookOrThrow(ctx, webhookId);
  if (!sub.enabled) throw new AppError("unprocessable", "The webhook is disabled: enable it before testing it");
  const eventId = uuidv7();
  const occurredAt = new Date();
  const envelope = { id: eventId, type: "webhook.test", companyId: sub.companyId, occurredAt: occurredAt.toISOString(), data: { webhookId: sub.id } };
  const delivery = await inTx(ctx, async (tx) => {
    const row = await tx.webhookDelivery.create({
      data: { companyId: sub.companyId, subscriptionId: sub.id, eventId, eventType: "webhook.test", payload: envelope },
    });
    await recordActivity(tx, ctx.actor, {
      companyId: sub.companyId, action: "webhook.tested", entityType: "webhook", entityId: sub.id, details: { deliveryId: row.id },
    });
    await kickDrain(tx, [sub.id]);
    return row;
  });
  return { deliveryId: delivery.id };
}

/**
 * Sends a delivery again, now, as the same event (same webhook-id): a delivered or failed one starts
 * over, a pending one has its next attempt brought forward ("retry now"). A pending one with an attempt
 * in flight (its lease has not passed) is 409 delivery_in_flight: that attempt's outcome would overwrite
 * "now" with its own next retry, and a second concurrent send is what the lease exists to prevent.
 */
export async function redeliverWebhookDelivery(ctx: ServiceContext, deliveryId: string) {
  const delivery = await ctx.db.webhookDelivery.findFirst({ where: { id: deliveryId, ...companyScope(ctx.actor) } });
  if (!delivery) throw notFound("Webhook delivery");
  authorize(ctx.actor, "company.webhooks", delivery.companyId);
  await inTx(ctx, async (tx) => {
    const now = new Date();
    const unheld = { OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] };
    const res = await tx.webhookDelivery.updateMany({
      where: { id: delivery.id, status: { in: ["delivered", "failed"] }, ...unheld },
      data: { status: "pending", nextAttemptAt: now, firstAttemptAt: null, attempts: 0, deliveredAt: null },
    });
    if (res.count === 0) {
      const due = await tx.webhookDelivery.updateMany({ where: { id: delivery.id, status: "pending", ...unheld }, data: { nextAttemptAt: now } });
      if (due.count === 0) throw new AppError("delivery_in_flight", "An attempt of this delivery is in flight: its outcome will show in the delivery log");
    }
    await recordActivity(tx, ctx.actor, {
      companyId: delivery.companyId, action: "webhook.redelivered", entityType: "webhook", entityId: delivery.subscriptionId, details: { deliveryId: delivery.id },
    });
    await kickDrain(tx, [delivery.subscriptionId]);
  });
  return { deliveryId: delivery.id };
}
