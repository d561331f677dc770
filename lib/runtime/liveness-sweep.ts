// The periodic liveness sweep (lib/services/liveness), on the worker's own interval of
// CHARTER_LIVENESS_TICK_MS: every company not archived, a transaction per share of its changes. Any
// number of workers may run it: a company another sweeper holds is skipped (sweep-core.ts).
import { sql } from "@/lib/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { sweepCompanyInChunks } from "@/lib/services/liveness/sweep-core";

let lastSweep = Number.NEGATIVE_INFINITY;
let sweeping = false;

/**
 * The least time between two sweeps of one process. Not the tick itself: an interval's next callback is
 * due a tick after the event loop's cached clock of the previous one, while the sweep reads Date.now()
 * later in that loop turn (after other callbacks), so a punctual next callback finds less than a tick
 * elapsed. A throttle at exactly the tick skipped it, sweeping every other tick (60 s for 30 s). A
 * quarter of the tick below absorbs any such lag and still stops a second caller doubling the rate.
 */
const minGapMs = (tickMs: number) => tickMs - tickMs / 4;

/** Sweeps every company when the tick is due; one company's failure is logged and the rest go on. */
export async function sweepLiveness(now?: Date): Promise<void> {
  // a sweep longer than the tick is not overlapped by the next one
  if (sweeping || Date.now() - lastSweep < minGapMs(env().CHARTER_LIVENESS_TICK_MS)) return;
  sweeping = true;
  lastSweep = Date.now();
  try {
    await sweepAll(now);
  } finally {
    sweeping = false;
  }
}

async function sweepAll(now?: Date): Promise<void> {
  const { rows } = await sql().query<{ id: string }>(`SELECT id::text FROM "Company" WHERE status <> 'archived' ORDER BY id`);
  let stalled = 0;
  let moving = 0;
  for (const { id } of rows) {
    try {
      const out = await sweepCompanyInChunks(id, now ?? new Date());
      stalled += out.stalled.length;
      moving += out.moving.length;
    } catch (e) {
      log.error("liveness sweep of a company failed", { companyId: id, error: String(e) });
    }
  }
  if (stalled || moving) log.info("liveness sweep", { stalled, moving });
}
