// The relay's webhook step: in the relay's transaction, one delivery row per (event, enabled
// subscription of its company that selects its type), then a kick per subscription that got rows.
// The unique (subscription, event) pair makes a second fan-out of the same event insert nothing.
import type { Tx } from "@/lib/services/context";
import { kickDrain } from "@/lib/services/webhooks/kick";

/** The outbox event fields fan-out reads. */
export interface FannedEvent {
  id: string;
  companyId: string;
  type: string;
  occurredAt: Date;
  subjectType: string | null;
  subjectId: string | null;
  data: unknown;
}

export async function fanOutWebhooks(tx: Tx, events: FannedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const companyIds = [...new Set(events.map((e) => e.companyId))];
  const subs = await tx.webhookSubscription.findMany({
    where: { companyId: { in: companyIds }, enabled: true }, select: { id: true, companyId: true, eventTypes: true },
  });
  if (subs.length === 0) return;
  const rows = events.flatMap((e) => subs.filter((s) => s.companyId === e.companyId && s.eventTypes.includes(e.type)).map((s) => ({
    companyId: e.companyId, subscriptionId: s.id, eventId: e.id, eventType: e.type, subjectType: e.subjectType, subjectId: e.subjectId,
    payload: { id: e.id, type: e.type, companyId: e.companyId, occurredAt: e.occurredAt.toISOString(), data: e.data ?? {} },
  })));
  if (rows.length === 0) return;
  await tx.webhookDelivery.createMany({ data: rows, skipDuplicates: true });
  await kickDrain(tx, [...new Set(rows.map((r) => r.subscriptionId))]);
}
