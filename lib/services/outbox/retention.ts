// How long the outbox and its fan-out rows are kept (docs/events.md, "Retention"). Ids are UUIDv7, so
// "older than the cutoff" is "id below the smallest id of the cutoff's millisecond", read from the
// primary keys. An event is deleted only once dispatched and no email still waits to be written from it
// (a digest reads its events when it is sent); a delivery only once delivered or failed. A failed
// delivery stays redeliverable until then: its row carries its own body.
import { sql } from "@/lib/db/client";
import { env } from "@/lib/env";

const BATCH = 5_000;

/** The smallest UUIDv7 of the millisecond `at`: every id made before `at` sorts below it. */
export function uuidFloor(at: Date): string {
  const h = at.getTime().toString(16).padStart(12, "0");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-7000-8000-000000000000`;
}

async function deleteInBatches(statement: string, cutoff: string): Promise<number> {
  let total = 0;
  for (;;) {
    const { rowCount } = await sql().query(statement, [cutoff, BATCH]);
    total += rowCount ?? 0;
    if ((rowCount ?? 0) < BATCH) return total;
  }
}

/** Deletes events, webhook deliveries and email rows past CHARTER_EVENT_RETENTION_DAYS; returns the counts. */
export async function pruneEvents(now = new Date()): Promise<{ events: number; deliveries: number; emails: number }> {
  const cutoff = uuidFloor(new Date(now.getTime() - env().CHARTER_EVENT_RETENTION_DAYS * 86_400_000));
  const deliveries = await deleteInBatches(
    `DELETE FROM "WebhookDelivery" WHERE id IN (
       SELECT id FROM "WebhookDelivery" WHERE id < $1::uuid AND status <> 'pending' ORDER BY id LIMIT $2)`, cutoff);
  const emails = await deleteInBatches(
    `DELETE FROM "EmailNotification" WHERE id IN (
       SELECT id FROM "EmailNotification" WHERE id < $1::uuid AND status <> 'pending' ORDER BY id LIMIT $2)`, cutoff);
  const events = await deleteInBatches(
    `DELETE FROM "Event" WHERE id IN (
       SELECT e.id FROM "Event" e
        WHERE e.id < $1::uuid AND e."dispatchedAt" IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM "EmailNotification" n WHERE n."eventId" = e.id AND n.status = 'pending')
        ORDER BY e.id LIMIT $2)`, cutoff);
  return { events, deliveries, emails };
}
