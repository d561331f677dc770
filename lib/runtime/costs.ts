// Cost rows for the usage a run reported (docs/design.md §7): one cost event per model, tied to the run and to
// its task, through the costs service, so budgets warn and pause exactly as for reported costs.
import { sqlTx } from "@/lib/db/client";
import { recordCostEvent } from "@/lib/services/costs";
import type { Usage } from "@/lib/runtime/adapters/types";
import type { ClaimedRun } from "@/lib/runtime/queue";

const clampInt = (n: number) => Math.min(Math.max(Math.round(n), 0), 2_147_483_647);

export async function recordRunCosts(run: ClaimedRun, usage: Usage[]): Promise<number> {
  let total = 0;
  await sqlTx(async (exec) => {
    for (const u of usage) {
      const costCents = clampInt(u.costCents);
      total += costCents;
      await recordCostEvent(exec, {
        companyId: run.companyId, agentId: run.agentId, issueId: run.issueId, runId: run.runId,
        provider: u.provider.slice(0, 100), model: u.model.slice(0, 200),
        inputTokens: clampInt(u.inputTokens), outputTokens: clampInt(u.outputTokens), costCents, estimated: u.estimated ?? false,
      });
    }
  });
  return clampInt(total);
}
