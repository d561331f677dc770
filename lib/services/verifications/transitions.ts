// The status machine's extra rules for a project with checks, run inside updateIssue's transaction:
// done needs what the project requires (or the board's recorded override), and a move to in_review
// starts the verification, or wakes the reviewer agent when there is nothing to verify.
import type { Issue, IssueStatus } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/auth/actor";
import { forbidden } from "@/lib/http/errors";
import type { Tx } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { prismaExec } from "@/lib/services/wakeups";
import { checksOf, hasChecks } from "@/lib/services/verifications/settings";
import { currentHead, missingForDone, verificationRequired, workspaceOf, type Missing } from "@/lib/services/verifications/gate";
import { queueVerification } from "@/lib/services/verifications/start";
import { wakeReviewer } from "@/lib/services/verifications/reviewer";

export interface DoneOverride {
  reason: string;
  missing: Missing[];
}

/** Before the write: 422 verification_required when done lacks what the project requires, unless the board overrides. */
export async function checkDone(tx: Tx, actor: Actor, current: Issue, to: IssueStatus, overrideReason: string | undefined): Promise<DoneOverride | null> {
  if (overrideReason !== undefined && actor.kind !== "board") throw forbidden("Only the board may close an issue without its verification or review");
  if (to !== "done" || current.status === "done") return null;
  const checks = await checksOf(tx, current);
  if (!hasChecks(checks)) return overrideReason === undefined ? null : { reason: overrideReason, missing: [] };
  const head = await currentHead(tx, current);
  const missing = await missingForDone(tx, current, checks, head);
  if (missing.length && overrideReason === undefined) throw verificationRequired(missing, head);
  return overrideReason === undefined ? null : { reason: overrideReason, missing };
}

/** After the write, in the same transaction. */
export async function afterStatusChange(tx: Tx, actor: Actor, row: Issue, from: IssueStatus, override: DoneOverride | null): Promise<void> {
  if (override) {
    await recordActivity(tx, actor, {
      companyId: row.companyId, action: "issue.done_override", entityType: "issue", entityId: row.id,
      details: { reason: override.reason, missing: override.missing },
    });
  }
  if (row.status !== "in_review" || from === "in_review") return;
  const checks = await checksOf(tx, row);
  if (checks.verification) await queueVerification(tx, actor, row, checks.verification, "in_review");
  else if (checks.review?.kind === "agent") {
    const ws = await workspaceOf(tx, row);
    await wakeReviewer(prismaExec(tx), row, checks.review.agentId, ws, await currentHead(tx, row));
  }
}
