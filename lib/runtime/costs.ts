// Cost rows for the usage a run reported (DESIGN §7). Kept here, small, until the costs service
// takes them over: one CostEvent per model, tied to the run and to its task's project.
import { sql } from "@/lib/db/client";
import { uuidv7 } from "@/lib/ids";
import type { Usage } from "@/lib/runtime/adapters/types";
import type { ClaimedRun } from "@/lib/runtime/queue";

const clampInt = (n: number) => Math.min(Math.max(Math.round(n), 0), 2_147_483_647);

export async function recordRunCosts(run: ClaimedRun, usage: Usage[]): Promise<number> {
  let total = 0;
  for (const u of usage) {
    const costCents = clampInt(u.costCents);
    total += costCents;
    await sql().query(
      `INSERT INTO "CostEvent" (id, "companyId", "agentId", "issueId", "projectId", "runId", provider, model, "inputTokens", "outputTokens", "costCents")
       VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid,
               (SELECT "projectId" FROM "Issue" WHERE id = $4::uuid AND "companyId" = $2::uuid), $5::uuid, $6, $7, $8, $9, $10)`,
      [uuidv7(), run.companyId, run.agentId, run.issueId, run.runId, u.provider.slice(0, 100), u.model.slice(0, 200),
        clampInt(u.inputTokens), clampInt(u.outputTokens), costCents],
    );
  }
  return clampInt(total);
}
