// The periodic part of the liveness remedies (lib/services/liveness/remedies), run by the worker's
// fallback tick: silent runs stopped, stale checkouts released, lost wakes re-queued, and retries
// that a dead worker never decided. Each remedy is claimed once per cause, so any number of workers
// may run this at the same time.
import { log } from "@/lib/log";
import { stopSilentRuns } from "@/lib/services/liveness/remedies/silent-runs";
import { releaseStaleCheckouts } from "@/lib/services/liveness/remedies/stale-checkouts";
import { requeueLostWakes } from "@/lib/services/liveness/remedies/lost-wakes";
import { retryMissedFailures } from "@/lib/services/liveness/remedies/retry";

export async function applyLivenessRemedies(now: Date = new Date()): Promise<void> {
  const silent = await stopSilentRuns(now);
  const retried = await retryMissedFailures(now);
  const released = await releaseStaleCheckouts(now);
  const requeued = await requeueLostWakes(now);
  if (silent.length || retried || released.length || requeued.length) {
    log.info("liveness remedies applied", { silentRunsStopped: silent, retriesCaughtUp: retried, checkoutsReleased: released, wakesRequeued: requeued });
  }
}
