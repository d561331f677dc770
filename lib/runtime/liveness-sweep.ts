// The periodic liveness sweep (lib/services/liveness), from the worker's fallback tick: every company
// not archived, a transaction per share of its changes, at most once per CHARTER_LIVENESS_TICK_MS per
// process. Any number of workers may run it: a company another sweeper holds is skipped (sweep-core.ts).
import { sql } from "@/lib/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { sweepCompanyInChunks } from "@/lib/services/liveness/sweep-core";

let lastSweep = 0;

/** Sweeps every company when the tick is due; one company's failure is logged and the rest go on. */
export async function sweepLiveness(now?: Date): Promise<void> {
  if (Date.now() - lastSweep < env().CHARTER_LIVENESS_TICK_MS) return;
  lastSweep = Date.now();
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
