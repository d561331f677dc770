// The company-wide pause (docs/pause.md): pausedAt stops new runs (the claim leaves the company's
// wakes queued), the mode says what happens to runs already running; resume clears it and wakes the
// workers, which then run what was kept, one run per agent as usual (wakes coalesce while queued).
import { getCompanyOrThrow } from "@/lib/services/company-scope";
import { inTx, type ServiceContext } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { getCompany } from "@/lib/services/companies";
import { cancelRunsForPause } from "@/lib/services/pause/runs";
import type { PauseInput } from "@/lib/schemas/pause";

/**
 * Pausing a paused company changes nothing (same pausedAt), except that a cancel asked of a pause that
 * lets runs finish cancels them now: the operator's second thought, never a second pause.
 */
export async function pauseCompany(ctx: ServiceContext, ref: string, input: PauseInput) {
  const company = await getCompanyOrThrow(ctx, ref, "company.govern");
  await inTx(ctx, async (tx) => {
    const now = new Date();
    const paused = await tx.company.updateMany({ where: { id: company.id, pausedAt: null }, data: { pausedAt: now, pauseMode: input.mode } });
    const escalated = paused.count === 0 && input.mode === "cancel"
      && (await tx.company.updateMany({ where: { id: company.id, pauseMode: "finish" }, data: { pauseMode: "cancel" } })).count === 1;
    if (paused.count === 0 && !escalated) return;
    const cancelledRuns = input.mode === "cancel" ? await cancelRunsForPause(tx, ctx.actor, company.id, "company") : 0;
    await recordActivity(tx, ctx.actor, {
      companyId: company.id, action: "company.paused", entityType: "company", entityId: company.id,
      details: { mode: input.mode, cancelledRuns, ...(escalated ? { escalated: true } : {}) },
    });
  });
  return getCompany(ctx, company.id);
}

/** Resuming a running company changes nothing. */
export async function resumeCompany(ctx: ServiceContext, ref: string) {
  const company = await getCompanyOrThrow(ctx, ref, "company.govern");
  await inTx(ctx, async (tx) => {
    const resumed = await tx.company.updateMany({ where: { id: company.id, pausedAt: { not: null } }, data: { pausedAt: null, pauseMode: null } });
    if (resumed.count === 0) return;
    // the stalls the pause made go with it (never announced nor reported): the Not moving view is right at
    // once, and the next sweep finds any other cause as it would have. A stall from before the pause keeps
    // its row and report times until that sweep names its cause again, as the same stall: not reported twice
    await tx.issueStall.deleteMany({ where: { companyId: company.id, reason: "company_paused", reportedToManagerAt: null, reportedToBoardAt: null } });
    await recordActivity(tx, ctx.actor, {
      companyId: company.id, action: "company.resumed", entityType: "company", entityId: company.id,
      details: { pausedAt: company.pausedAt?.toISOString() ?? null },
    });
    // delivered at commit: every worker claims again, and the kept wakes run
    await tx.$queryRaw`SELECT pg_notify('charter_wake', ${company.id})::text`;
  });
  return getCompany(ctx, company.id);
}
