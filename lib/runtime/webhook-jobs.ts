// The webhook drain job, run by the job queue in the worker: drains one subscription, then kicks
// itself again for what is left, now (more is due) or when its head's retry is due. The worker's
// tick sweeps for due deliveries nobody holds, so a lost kick or a killed sender costs one tick.
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { registerJob } from "@/lib/runtime/jobs";
import { apiBaseUrl } from "@/lib/runtime/execute";
import { drainSubscription, secondsUntilDue, subscriptionsDue } from "@/lib/services/webhooks/drain";
import { DRAIN_JOB, kickDrain } from "@/lib/services/webhooks/kick";

// a drain mostly waits on its receiver, so a worker runs several subscriptions' drains at once
const DRAIN_CONCURRENCY = 6;

registerJob<{ subscriptionId: string }>(DRAIN_JOB, async ({ subscriptionId }) => {
  await drainSubscription(db(), subscriptionId, apiBaseUrl());
  const wait = await secondsUntilDue(db(), subscriptionId);
  if (wait !== null) await db().$transaction((tx) => kickDrain(tx, [subscriptionId], wait));
}, { concurrency: DRAIN_CONCURRENCY });

/** Kicks a drain for every subscription with a due delivery that no attempt holds. */
export async function sweepWebhooks(): Promise<void> {
  const due = await subscriptionsDue(db());
  if (due.length === 0) return;
  await db().$transaction((tx) => kickDrain(tx, due));
  log.info("kicked webhook drains", { subscriptions: due.length });
}
