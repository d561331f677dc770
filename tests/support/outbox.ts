// Helpers for outbox tests: a fan-out that records what it is handed, in the relay's transaction.
import { db } from "@/lib/db/client";
import type { Tx } from "@/lib/services/context";
import type { OutboxEvent } from "@/lib/services/outbox/event";

/** Creates the table recordingFanOut writes to (no unique key: a duplicate fan-out shows as two rows). */
export async function createFanOutLog(): Promise<void> {
  await db().$executeRawUnsafe(`CREATE TABLE IF NOT EXISTS outbox_test_log (event_id uuid NOT NULL, relayed_by int NOT NULL)`);
}

/** A fan-out that logs each event's id and then waits `sleepMs` inside the batch's transaction. */
export function recordingFanOut(relayedBy: number, sleepMs = 30) {
  return async (tx: Tx, events: OutboxEvent[]) => {
    await tx.$executeRawUnsafe(`INSERT INTO outbox_test_log (event_id, relayed_by) SELECT unnest($1::uuid[]), $2`, events.map((e) => e.id), relayedBy);
    await tx.$executeRawUnsafe(`SELECT pg_sleep($1)`, sleepMs / 1000);
  };
}

/** How many times each event was fanned out, by event id. */
export async function fanOutCounts(): Promise<Map<string, number>> {
  const rows = await db().$queryRawUnsafe<{ id: string; n: number }[]>(`SELECT event_id::text AS id, count(*)::int AS n FROM outbox_test_log GROUP BY 1`);
  return new Map(rows.map((r) => [r.id, r.n]));
}
