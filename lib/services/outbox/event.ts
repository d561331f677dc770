// An outbox event as the relay hands it to the fan-outs, and the envelope consumers receive.
import type { EventData, EventType } from "@/lib/services/outbox/catalogue";

export type OutboxEvent = {
  [T in EventType]: {
    id: string;
    companyId: string;
    type: T;
    occurredAt: Date;
    subjectType: string;
    subjectId: string;
    actorType: "user" | "agent" | "system";
    actorId: string | null;
    data: EventData<T>;
  };
}[EventType];

/** The body of a standard webhook delivery (docs/events.md): `{id, type, companyId, occurredAt, data}`. */
export function eventEnvelope(event: OutboxEvent) {
  return { id: event.id, type: event.type, companyId: event.companyId, occurredAt: event.occurredAt.toISOString(), data: event.data };
}
