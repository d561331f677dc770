// A kick tells a worker to drain a subscription; the delivery rows are the truth, so a kick that is
// lost (the sweep kicks again) or doubled (the claim lets one attempt through) changes nothing.
import type { Tx } from "@/lib/services/context";

export async function kickDrain(_tx: Tx, _subscriptionIds: string[]): Promise<void> {
  // filled in once the job queue (lib/runtime/jobs.ts) lands
}
