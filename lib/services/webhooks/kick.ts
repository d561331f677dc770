// A kick tells a worker to drain a subscription; the delivery rows are the truth, so a kick that is
// lost (the worker's sweep kicks again) or doubled (the claim lets one attempt through) changes nothing.
// Keyed by subscription: the queue runs one drain per subscription at a time, across instances.
import { enqueue } from "@/lib/runtime/jobs";
import type { Tx } from "@/lib/services/context";

export const DRAIN_JOB = "webhooks.drain";

export async function kickDrain(tx: Tx, subscriptionIds: string[], delaySeconds?: number): Promise<void> {
  for (const subscriptionId of subscriptionIds) {
    await enqueue(tx, DRAIN_JOB, { subscriptionId }, { key: subscriptionId, ...(delaySeconds ? { delaySeconds } : {}) });
  }
}
