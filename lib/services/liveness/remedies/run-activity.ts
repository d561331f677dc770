// A run's API calls are its agent's sign of life: each call with a run key touches the run's
// lastActivityAt, at most every 10 s per run (here in memory, and again in the statement, so several
// app instances stay within it). The touch is not awaited: a request never waits for it, and one lost
// touch only moves the silence limit a little closer.
import { sql } from "@/lib/db/client";
import { log } from "@/lib/log";

/**
 * A run's last sign of life (its agent's output or API call), written at most every 10 s per run:
 * the silent-run remedy and the liveness sweep read it. `run`: the run's id as SQL.
 */
export const touchActivitySql = (run: string) =>
  `UPDATE "HeartbeatRun" SET "lastActivityAt" = now()
    WHERE id = ${run}::uuid AND status = 'running' AND ("lastActivityAt" IS NULL OR "lastActivityAt" < now() - interval '10 seconds')`;

const THROTTLE_MS = 10_000;
const lastTouch = new Map<string, number>();

/** Whether `key` (a run id or a run key's digest) was touched within the throttle here; marks it touched if not. */
function throttled(key: string, nowMs: number): boolean {
  const last = lastTouch.get(key);
  if (last !== undefined && nowMs - last < THROTTLE_MS) return true;
  if (lastTouch.size > 10_000) {
    for (const [k, at] of lastTouch) if (nowMs - at >= THROTTLE_MS) lastTouch.delete(k);
  }
  lastTouch.set(key, nowMs);
  return false;
}

const touchFailed = (e: unknown) => log.warn("touching a run's activity failed", { error: String(e) });

export function touchRunActivity(runId: string, nowMs: number = Date.now()): void {
  if (!throttled(runId, nowMs)) sql().query(touchActivitySql("$1"), [runId]).catch(touchFailed);
}

/** touchRunActivity for a call authenticated by a run key's digest alone (the fast paths that read in one statement). */
export function touchRunActivityByKey(keyDigest: string, nowMs: number = Date.now()): void {
  if (throttled(keyDigest, nowMs)) return;
  sql().query(touchActivitySql(`(SELECT k."runId" FROM "AgentKey" k WHERE k."tokenHash" = $1)`), [keyDigest]).catch(touchFailed);
}
