// The one way into the outbox (docs/events.md): an event is written in the transaction of the change it
// describes, so a committed change always has its event and a rolled-back one never does. Its data is
// validated against the catalogue here, so every consumer can trust the payload's shape.
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/auth/actor";
import type { SqlExec } from "@/lib/db/sql-exec";
import { uuidv7 } from "@/lib/ids";
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

/**
 * An event row's columns as SQL expressions of a hand-written statement (parameters, literals or
 * columns of `from`), as insertActivitySql's: the SQL twin of emitEvent. Its data is not validated
 * here; each statement's payload is pinned by the integration test of its event type.
 */
export interface EventSql {
  id: string;
  companyId: string;
  type: string;
  subjectType: string;
  subjectId: string;
  actorType: string;
  actorId: string;
  data: string;
}

/** The one INSERT of events for hand-written SQL: one row per row of `from`, or a single row without it. */
export function insertEventSql(row: EventSql, from?: string): string {
  return `INSERT INTO "Event" (id, "companyId", type, "subjectType", "subjectId", "actorType", "actorId", data)
    SELECT ${row.id}::uuid, ${row.companyId}::uuid, ${row.type}::text, ${row.subjectType}::text, ${row.subjectId}::text,
           ${row.actorType}::"ActorType", ${row.actorId}::text, ${row.data}::jsonb${from ? `\n      FROM ${from}` : ""}`;
}

const emitSql = insertEventSql({ id: "$1", companyId: "$2", type: "$3", subjectType: "$4", subjectId: "$5", actorType: "$6", actorId: "$7", data: "$8" });

/** emitEvent for transactions written in SQL (sqlTx, prismaExec). */
export async function emitEventSql<T extends EventType>(exec: SqlExec, actor: Actor | null, input: EventInput<T>): Promise<void> {
  const row = rowOf(actor, input);
  await exec(emitSql, [uuidv7(), row.companyId, row.type, row.subjectType, row.subjectId, row.actorType, row.actorId, JSON.stringify(row.data)]);
}
