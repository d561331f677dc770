// The outbox relay (docs/events.md): woken by NOTIFY charter_outbox (and the worker's fallback tick), it
// claims undispatched events in id order with FOR UPDATE SKIP LOCKED and, in one transaction per batch,
// hands them to every fan-out and marks them dispatched. An event is therefore fanned out exactly once
// however many relays run: a second relay skips the locked rows, and a relay killed mid-batch leaves
// them undispatched (its transaction never commits) for the next one.
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import type { Tx } from "@/lib/services/context";
import type { OutboxEvent } from "@/lib/services/outbox/event";
import { fanOutWebhooks } from "@/lib/services/webhooks/fan-out";
import { fanOutEmail } from "@/lib/services/notifications/fan-out";

/** A consumer of the outbox: called in the transaction that marks the events dispatched. */
type FanOut = (tx: Tx, events: OutboxEvent[]) => Promise<void>;

const defaults = { batch: 100, fanOuts: [fanOutWebhooks, fanOutEmail] as FanOut[] };
type RelayOptions = typeof defaults;

async function claim(tx: Tx, limit: number, id?: string): Promise<OutboxEvent[]> {
  return tx.$queryRawUnsafe<OutboxEvent[]>(
    `SELECT id, "companyId", type, "occurredAt", "subjectType", "subjectId", "actorType"::text AS "actorType", "actorId", data
       FROM "Event" WHERE "dispatchedAt" IS NULL ${id ? "AND id = $2::uuid" : ""}
      ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
    ...(id ? [limit, id] : [limit]),
  );
}

/** One batch in one transaction; returns the events it dispatched. */
async function relayBatch(opts: RelayOptions, limit: number, id?: string): Promise<OutboxEvent[]> {
  return db().$transaction(async (tx) => {
    const events = await claim(tx, limit, id);
    if (events.length === 0) return events;
    for (const fanOut of opts.fanOuts) await fanOut(tx, events);
    await tx.$executeRawUnsafe(`UPDATE "Event" SET "dispatchedAt" = now() WHERE id = ANY($1::uuid[])`, events.map((e) => e.id));
    return events;
  }, { maxWait: 10_000, timeout: 60_000 });
}

/**
 * A batch whose fan-out fails is retried one event at a time, so one event that cannot be fanned out
 * (it stays undispatched and is retried at the next wake) does not hold back everyone else's.
 */
async function relayOneByOne(opts: RelayOptions, ids: string[]): Promise<number> {
  let done = 0;
  for (const id of ids) {
    try {
      done += (await relayBatch(opts, 1, id)).length;
    } catch (e) {
      log.error("an outbox event could not be fanned out; it stays queued", { eventId: id, error: String(e) });
    }
  }
  return done;
}

/**
 * Relays until no undispatched event is left that this relay can claim; returns how many it dispatched.
 * The options are the tests' (a recording fan-out, small batches); the worker uses the defaults.
 */
export async function relayOutbox(options: Partial<RelayOptions> = {}): Promise<number> {
  const opts = { ...defaults, ...options };
  const batch = opts.batch;
  let total = 0;
  for (;;) {
    let events: OutboxEvent[];
    try {
      events = await relayBatch(opts, batch);
    } catch (e) {
      const pending = await db().event.findMany({ where: { dispatchedAt: null }, orderBy: { id: "asc" }, take: batch, select: { id: true } });
      log.warn("an outbox batch failed; relaying its events one by one", { error: String(e) });
      const done = await relayOneByOne(opts, pending.map((p) => p.id));
      total += done;
      if (done === 0 || pending.length < batch) return total;
      continue;
    }
    total += events.length;
    if (events.length < batch) return total;
  }
}

/** Runs relayOutbox on every kick, one pass at a time; a kick during a pass runs one more pass after it. */
export class OutboxRelay {
  private running = false;
  private again = false;
  private stopped = false;
  private pass: Promise<void> = Promise.resolve();

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.pass = this.loop().finally(() => {
      this.running = false;
    });
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        await relayOutbox();
      } catch (e) {
        log.error("outbox relay failed", { error: String(e) });
      }
    } while (this.again && !this.stopped);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.pass;
  }
}
