// A failed attempt: the next one after an exponential, jittered backoff (or the receiver's
// Retry-After on 429 and 503), until the delivery has been tried for 24 hours; then it is failed and
// the rows behind it move on. A subscription whose attempts have failed for 3 days is disabled.
import type { WebhookDelivery, WebhookSubscription } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/db/client";
import { recordActivity } from "@/lib/services/activity";
import { emitEvent } from "@/lib/services/outbox/emit";
import type { SendResult } from "@/lib/services/webhooks/send";

const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
const DISABLE_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
const FIRST_DELAY_MS = 10_000;
const MAX_DELAY_MS = 2 * 60 * 60 * 1000;

/** The wait before attempt `attempts + 1`: doubling from 10 s up to 2 h, with up to half of it jittered away. */
export function backoffMs(attempts: number, random = Math.random): number {
  const full = Math.min(FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
  return Math.round(full / 2 + (full / 2) * random());
}

export function nextAttemptDelayMs(attempts: number, retryAfterSec: number | null): number {
  const backoff = backoffMs(attempts);
  if (retryAfterSec === null) return backoff;
  return Math.max(backoff, Math.min(retryAfterSec * 1000, RETRY_WINDOW_MS));
}

async function disableIfFailingTooLong(db: Db, sub: WebhookSubscription, now: Date) {
  const since = sub.failingSince ?? now;
  if (now.getTime() - since.getTime() < DISABLE_AFTER_MS) return;
  await db.$transaction(async (tx) => {
    const res = await tx.webhookSubscription.updateMany({ where: { id: sub.id, enabled: true }, data: { enabled: false, disabledAt: now } });
    if (res.count === 0) return;
    await recordActivity(tx, null, {
      companyId: sub.companyId, action: "webhook.disabled", entityType: "webhook", entityId: sub.id,
      details: { url: sub.url, failingSince: since.toISOString() },
    });
    // relayed after this commits, when the subscription is already disabled: it never receives its own
    await emitEvent(tx, null, {
      companyId: sub.companyId, type: "webhook.disabled", subject: { type: "webhook", id: sub.id },
      data: { webhookId: sub.id, url: sub.url, failingSince: since.toISOString(), disabledAt: now.toISOString(), reason: "failing" },
    });
  });
}

/** Records a failed attempt; true when the delivery is given up (failed), so the rows behind it may go. */
export async function recordAttemptFailure(db: Db, sub: WebhookSubscription, delivery: WebhookDelivery, result: SendResult): Promise<boolean> {
  const now = new Date();
  const first = delivery.firstAttemptAt ?? now;
  const giveUp = now.getTime() - first.getTime() >= RETRY_WINDOW_MS;
  const next = new Date(now.getTime() + nextAttemptDelayMs(delivery.attempts, result.retryAfterSec));
  await db.$transaction([
    db.webhookDelivery.updateMany({
      where: { id: delivery.id, leaseUntil: delivery.leaseUntil },
      data: {
        status: giveUp ? "failed" : "pending", lastStatusCode: result.statusCode, lastError: result.error,
        durationMs: result.durationMs, leaseUntil: null, ...(giveUp ? {} : { nextAttemptAt: next }),
      },
    }),
    db.webhookSubscription.updateMany({ where: { id: sub.id, failingSince: null }, data: { failingSince: now } }),
  ]);
  await disableIfFailingTooLong(db, sub, now);
  return giveUp;
}
