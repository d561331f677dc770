// Cost rows for the usage a run reported (docs/design.md §7): one cost event per model, tied to the run and to
// its task, through the costs service, so budgets warn and pause exactly as for reported costs.
import { sqlTx } from "@/lib/db/client";
import { recordCostEvent } from "@/lib/services/costs";
import type { Usage } from "@/lib/runtime/adapters/types";
import type { ClaimedRun } from "@/lib/runtime/queue";

const clampInt = (n: number) => Math.min(Math.max(Math.round(n), 0), 2_147_483_647);

/**
 * Records the usage the adapter reported, once: the run is marked in the same transaction, so a retry
 * after a lost answer adds nothing, while the events the agent posted with the run's key (which are
 * the run's cost too) never stand in for the adapter's own usage.
 */
export async function recordRunCosts(run: ClaimedRun, usage: Usage[]): Promise<number> {
  const total = clampInt(usage.reduce((sum, u) => sum + clampInt(u.costCents), 0));
  await sqlTx(async (exec) => {
    const rows = await exec(
      `UPDATE "HeartbeatRun" SET "usageRecordedAt" = now() WHERE id = $1::uuid AND "usageRecordedAt" IS NULL RETURNING id`, [run.runId]);
    if (rows.length === 0) return;
    for (const u of usage) {
      await recordCostEvent(exec, {
        companyId: run.companyId, agentId: run.agentId, issueId: run.issueId, runId: run.runId,
        provider: u.provider.slice(0, 100), model: u.model.slice(0, 200),
        inputTokens: clampInt(u.inputTokens), outputTokens: clampInt(u.outputTokens), costCents: clampInt(u.costCents), estimated: u.estimated ?? false,
      });
    }
  });
  return total;
}
