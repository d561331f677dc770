// The one way into the outbox (docs/events.md): an event is written in the transaction of the change it
// describes, so a committed change always has its event and a rolled-back one never does. Its data is
// validated against the catalogue here, so every consumer can trust the payload's shape.
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/auth/actor";
import { actorRef } from "@/lib/services/activity";
import type { Tx } from "@/lib/services/context";
import { eventDataSchema, type EventData, type EventType } from "@/lib/services/outbox/catalogue";

export interface EventInput<T extends EventType> {
  companyId: string;
  type: T;
  /** What the event is about: the board page it links to (issue, approval, agent, run, routine, question…). */
  subject: { type: string; id: string };
  data: EventData<T>;
}

const rowOf = <T extends EventType>(actor: Actor | null, input: EventInput<T>) => ({
  companyId: input.companyId,
  type: input.type,
  subjectType: input.subject.type,
  subjectId: input.subject.id,
  ...actorRef(actor),
  data: eventDataSchema(input.type).parse(input.data) as Prisma.InputJsonObject,
});

/** Writes one event in `tx`; returns its id (the webhook-id of every delivery of it). */
export async function emitEvent<T extends EventType>(tx: Tx, actor: Actor | null, input: EventInput<T>): Promise<string> {
  const row = await tx.event.create({ data: rowOf(actor, input), select: { id: true } });
  return row.id;
}

/** emitEvent for several events of one actor, in one statement (the bulk paths). */
export async function emitEvents<T extends EventType>(tx: Tx, actor: Actor | null, inputs: EventInput<T>[]): Promise<void> {
  if (inputs.length > 0) await tx.event.createMany({ data: inputs.map((input) => rowOf(actor, input)) });
}
