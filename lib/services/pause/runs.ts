// A pause in cancel mode ends the runs already running through the board's own cancel path, so the
// worker kills their processes and the run, the agent and the activity log read as after a cancel.
import type { Actor } from "@/lib/auth/actor";
import type { Tx } from "@/lib/services/context";
import { cancelOpenRun } from "@/lib/services/heartbeat-runs";

/** Cancels the open runs of one company (or of every company: null); returns how many it cancelled. */
export async function cancelRunsForPause(tx: Tx, actor: Actor, companyId: string | null, scope: "company" | "instance"): Promise<number> {
  const runs = await tx.heartbeatRun.findMany({
    where: { ...(companyId === null ? {} : { companyId }), status: { in: ["queued", "running"] } },
    select: { id: true, companyId: true, agentId: true },
    orderBy: { createdAt: "asc" },
  });
  const error = scope === "company" ? "cancelled: the company was paused" : "cancelled: the instance was paused";
  let cancelled = 0;
  for (const run of runs) if (await cancelOpenRun(tx, actor, run, error, { reason: `${scope}_paused` })) cancelled++;
  return cancelled;
}
