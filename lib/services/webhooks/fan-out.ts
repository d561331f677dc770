// Called by the outbox relay (lib/runtime/outbox-relay.ts) in the transaction that marks the events
// dispatched, so each event is fanned out exactly once: one delivery row per (event, enabled
// subscription of its company that selects its type), then a drain kick per subscription that got
// rows. The unique (subscription, event) pair makes a repeated fan-out insert nothing.
import type { Tx } from "@/lib/services/context";
import { eventEnvelope, type OutboxEvent } from "@/lib/services/outbox/event";
import { kickDrain } from "@/lib/services/webhooks/kick";

export async function fanOutWebhooks(tx: Tx, events: OutboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  const companyIds = [...new Set(events.map((e) => e.companyId))];
  const subs = await tx.webhookSubscription.findMany({
    where: { companyId: { in: companyIds }, enabled: true }, select: { id: true, companyId: true, eventTypes: true },
  });
  if (subs.length === 0) return;
  const rows = events.flatMap((e) => subs.filter((s) => s.companyId === e.companyId && s.eventTypes.includes(e.type)).map((s) => ({
    companyId: e.companyId, subscriptionId: s.id, eventId: e.id, eventType: e.type, subjectType: e.subjectType, subjectId: e.subjectId,
    payload: eventEnvelope(e),
  })));
  if (rows.length === 0) return;
  await tx.webhookDelivery.createMany({ data: rows, skipDuplicates: true });
  await kickDrain(tx, [...new Set(rows.map((r) => r.subscriptionId))]);
}
