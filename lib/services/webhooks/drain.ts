// Sending a subscription's deliveries: oldest first, one attempt in flight per delivery. The head
// pending row is claimed by a conditional update that takes a lease; a process killed mid-attempt
// leaves the lease to expire, and the next drain sends the same delivery again (same webhook-id).
// A failed attempt blocks the rows behind it until its retry, so a receiver sees events in order.
import type { WebhookDelivery, WebhookSubscription } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/db/client";
import { openSecret } from "@/lib/services/routines/secret-box";
import { formatBody, subjectLink, type Envelope } from "@/lib/services/webhooks/formats";
import { sendAgent, sendWebhook, type SendAgent, type SendResult } from "@/lib/services/webhooks/send";
import { signatureHeaders } from "@/lib/services/webhooks/sign";
import { recordAttemptFailure } from "@/lib/services/webhooks/failures";

const LEASE_SECONDS = 60;
/** deliveries sent by one drain before it yields to other subscriptions' jobs */
const DRAIN_BATCH = 100;
/** no new attempt starts after this long, so a drain ends well within the queue's job expiry */
const DRAIN_BUDGET_MS = 30_000;

const claimSql = `
UPDATE "WebhookDelivery" d
   SET "leaseUntil" = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1,
       "firstAttemptAt" = coalesce("firstAttemptAt", now())
 WHERE d.id = (SELECT id FROM "WebhookDelivery" WHERE "subscriptionId" = $1::uuid AND status = 'pending' ORDER BY id LIMIT 1)
   AND d.status = 'pending' AND d."nextAttemptAt" <= now() AND (d."leaseUntil" IS NULL OR d."leaseUntil" < now())
   AND EXISTS (SELECT 1 FROM "WebhookSubscription" s WHERE s.id = $1::uuid AND s.enabled)
RETURNING d.*`;

async function claimHead(db: Db, subscriptionId: string): Promise<WebhookDelivery | null> {
  const rows = await db.$queryRawUnsafe<WebhookDelivery[]>(claimSql, subscriptionId);
  return rows[0] ?? null;
}

function secretsOf(sub: WebhookSubscription, now: Date): string[] {
  const current = openSecret(sub.secretEncrypted);
  const previous = sub.previousSecretEncrypted && sub.previousSecretExpiresAt && sub.previousSecretExpiresAt > now
    ? openSecret(sub.previousSecretEncrypted) : null;
  return [current, previous].filter((s): s is string => s !== null);
}

/** What one drain needs for every attempt: the secrets opened once, and one connection pool. */
interface DrainContext { sub: WebhookSubscription; secrets: string[]; boardBase: string; agent: SendAgent }

async function attempt(ctx: DrainContext, delivery: WebhookDelivery): Promise<SendResult> {
  if (ctx.secrets.length === 0) {
    return { statusCode: null, error: "The signing secret cannot be opened (SESSION_SECRET changed): rotate it", durationMs: 0, retryAfterSec: null };
  }
  const envelope = delivery.payload as unknown as Envelope;
  const link = subjectLink(ctx.boardBase, { type: delivery.subjectType, id: delivery.subjectId });
  const body = formatBody(ctx.sub.format, envelope, link);
  return sendWebhook(ctx.sub.url, signatureHeaders(ctx.secrets, delivery.eventId, body, new Date()), body, { agent: ctx.agent });
}

async function recordSuccess(db: Db, sub: WebhookSubscription, delivery: WebhookDelivery, result: SendResult) {
  const delivered = db.webhookDelivery.updateMany({
    where: { id: delivery.id, leaseUntil: delivery.leaseUntil },
    data: { status: "delivered", deliveredAt: new Date(), lastStatusCode: result.statusCode, lastError: null, durationMs: result.durationMs, leaseUntil: null },
  });
  // the subscription's failing mark is cleared by the first success after a failure, not written by every success
  if (sub.failingSince === null) return void (await delivered);
  await db.$transaction([delivered, db.webhookSubscription.updateMany({ where: { id: sub.id, failingSince: { not: null } }, data: { failingSince: null } })]);
  sub.failingSince = null;
}

/**
 * Sends the subscription's due deliveries in order; stops at the first that fails and will be retried. Returns how many
 * were delivered. `baseUrl` is the board's address, for the links of chat messages.
 */
export async function drainSubscription(db: Db, subscriptionId: string, baseUrl: string): Promise<number> {
  const sub = await db.webhookSubscription.findUnique({ where: { id: subscriptionId } });
  if (!sub?.enabled) return 0;
  const company = await db.company.findUnique({ where: { id: sub.companyId }, select: { issuePrefix: true } });
  const ctx: DrainContext = { sub, secrets: secretsOf(sub, new Date()), boardBase: `${baseUrl}/${company?.issuePrefix ?? ""}`, agent: sendAgent() };
  let delivered = 0;
  const started = Date.now();
  try {
    for (let i = 0; i < DRAIN_BATCH && Date.now() - started < DRAIN_BUDGET_MS; i++) {
      const delivery = await claimHead(db, subscriptionId);
      if (!delivery) break;
      const result = await attempt(ctx, delivery);
      if (result.error === null) {
        await recordSuccess(db, sub, delivery, result);
        delivered++;
        continue;
      }
      if (!(await recordAttemptFailure(db, sub, delivery, result))) break;
      // the failure marked the subscription failing (if it was not); a later success here must clear it
      sub.failingSince ??= new Date();
    }
  } finally {
    ctx.agent.destroy();
  }
  return delivered;
}

/** Seconds until the subscription's oldest pending delivery is due (0: now), or null when none is pending. */
export async function secondsUntilDue(db: Db, subscriptionId: string): Promise<number | null> {
  const head = await db.webhookDelivery.findFirst({
    where: { subscriptionId, status: "pending", subscription: { enabled: true } }, orderBy: { id: "asc" }, select: { nextAttemptAt: true, leaseUntil: true },
  });
  if (!head) return null;
  const at = Math.max(head.nextAttemptAt.getTime(), head.leaseUntil?.getTime() ?? 0);
  return Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** Subscriptions with a due delivery nobody holds: the sweep kicks these (a lost kick, a killed sender). */
export async function subscriptionsDue(db: Db, limit = 1000): Promise<string[]> {
  const rows = await db.$queryRawUnsafe<{ subscriptionId: string }[]>(
    `SELECT DISTINCT d."subscriptionId" FROM "WebhookDelivery" d JOIN "WebhookSubscription" s ON s.id = d."subscriptionId" AND s.enabled
      WHERE d.status = 'pending' AND d."nextAttemptAt" <= now() AND (d."leaseUntil" IS NULL OR d."leaseUntil" < now()) LIMIT $1`, limit);
  return rows.map((r) => r.subscriptionId);
}
