// Starting a verification: a row a worker claims (lib/runtime/verification-runner.ts), queued in the
// caller's transaction with its activity row; the workers hear of it when the transaction commits.
import type { Issue } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/auth/actor";
import { AppError, forbidden } from "@/lib/http/errors";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { getIssueOrThrow } from "@/lib/services/issues/queries";
import { verificationDto } from "@/lib/dto/verifications";
import { checksOf } from "@/lib/services/verifications/settings";
import type { VerificationCommand } from "@/lib/schemas/projects";

/** The NOTIFY channel that wakes workers for a new verification. */
const VERIFICATION_CHANNEL = "charter_verification";

export async function queueVerification(
  tx: Tx, actor: Actor | null, issue: Pick<Issue, "id" | "companyId" | "executionWorkspaceId">, cmd: VerificationCommand, trigger: "in_review" | "requested",
) {
  const row = await tx.verification.create({
    data: {
      companyId: issue.companyId, issueId: issue.id, executionWorkspaceId: issue.executionWorkspaceId, trigger,
      command: { command: cmd.command, args: cmd.args, timeoutSec: cmd.timeoutSec },
      requestedByAgentId: actor?.kind === "agent" ? actor.agentId : null,
      requestedByUserId: actor?.kind === "board" ? actor.userId : null,
    },
  });
  await recordActivity(tx, actor, {
    companyId: issue.companyId, action: "verification.started", entityType: "issue", entityId: issue.id,
    details: { verificationId: row.id, trigger },
  });
  await tx.$executeRaw`SELECT pg_notify(${VERIFICATION_CHANNEL}, ${row.id})::text`;
  return row;
}

/** POST /api/issues/:issueId/verifications: the board or the issue's assignee agent runs the check on the current head. */
export async function requestVerification(ctx: ServiceContext, ref: string) {
  const issue = await getIssueOrThrow(ctx, ref, "work.write");
  const actor = ctx.actor;
  if (actor.kind === "agent" && issue.assigneeAgentId !== actor.agentId) {
    throw forbidden("Only the board or the issue's assignee may start a verification");
  }
  const { verification } = await checksOf(ctx.db, issue);
  if (!verification) {
    throw new AppError("unprocessable", "The issue's project has no verification command: the board sets one on the project", [{ path: "projectId", message: "no verification command" }]);
  }
  const row = await inTx(ctx, (tx) => queueVerification(tx, actor, issue, verification, "requested"));
  return verificationDto(row);
}
