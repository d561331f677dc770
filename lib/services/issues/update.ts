// PATCH /api/issues/:issueId: every field, the status machine, cancellation rights (convention 6),
// the CEO gate, lock clearing on reassignment, and an optional comment, all in one transaction.
import type { Issue, IssueStatus, Prisma } from "@/lib/generated/prisma/client";
import { isInstanceActor, type Actor } from "@/lib/auth/actor";
import { requireBoard } from "@/lib/auth/permissions";
import { AppError, forbidden } from "@/lib/http/errors";
import type { UpdateIssueInput } from "@/lib/schemas/issues";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { prismaExec, requestWake } from "@/lib/services/wakeups";
import { insertComment } from "@/lib/services/comments";
import { chainOfCommand } from "@/lib/services/agents/queries";
import { isLegalMove, isTerminal } from "@/lib/services/issues/status";
import { assertIssueRefs, assertStrategyGate } from "@/lib/services/issues/refs";
import { getIssueOrThrow, issueWithLabels } from "@/lib/services/issues/queries";
import { releaseDependents, setBlockers } from "@/lib/services/issues/blockers";
import { closeRoutineRuns } from "@/lib/services/routines/runs";
import { afterStatusChange, checkDone } from "@/lib/services/verifications/transitions";
import { emitIssueChanges } from "@/lib/services/outbox/issue-events";

/** Board, the issue's creator, or an agent above its creator in the chain of command may cancel. */
async function assertMayCancel(tx: Tx, actor: Actor, issue: Issue) {
  if (actor.kind === "board") return;
  if (issue.createdByAgentId === actor.agentId) return;
  if (issue.createdByAgentId) {
    const creator = await tx.agent.findFirst({ where: { id: issue.createdByAgentId, companyId: issue.companyId } });
    if (creator && (await chainOfCommand(tx, creator)).some((m) => m.id === actor.agentId)) return;
  }
  throw forbidden("Only the board, the issue's creator or a manager above the creator may cancel it; reassign it to your manager with a comment instead");
}

function nextStatus(current: Issue, input: UpdateIssueInput, assigneeChanged: boolean): IssueStatus {
  if (input.status !== undefined) return input.status;
  // a reassigned in-progress task waits for its new owner to check it out
  return assigneeChanged && current.status === "in_progress" ? "todo" : current.status;
}

async function assertStatusChange(tx: Tx, actor: Actor, current: Issue, to: IssueStatus) {
  if (to === current.status) return;
  if (to === "cancelled") {
    if (isTerminal(current.status)) throw new AppError("invalid_transition", `A ${current.status} issue cannot be cancelled`);
    await assertMayCancel(tx, actor, current);
    return;
  }
  if (!isLegalMove(current.status, to)) {
    throw new AppError("invalid_transition", `An issue cannot move from ${current.status} to ${to}`, { from: current.status, to });
  }
  if (to === "in_progress" && actor.kind === "agent") await assertStrategyGate(tx, current.companyId, { id: actor.agentId, role: actor.role });
}

function statusStamps(current: Issue, to: IssueStatus, now: Date): Prisma.IssueUncheckedUpdateInput {
  if (to === current.status) return {};
  return {
    status: to,
    ...(to === "in_progress" && !current.startedAt ? { startedAt: now } : {}),
    ...(to === "done" ? { completedAt: now } : {}),
    ...(to === "cancelled" ? { cancelledAt: now } : {}),
    // the execution lock belongs to in-progress work only
    ...(current.status === "in_progress" ? { checkoutRunId: null, lockedAt: null } : {}),
  };
}

/**
 * A board user's own change of the issue (not a comment alone, not Charter's own writes) resets its
 * liveness: the retry budget, the wake cap and the remedies count only what came after it, and the
 * stall is gone until the sweep finds a new one. Never fight a person (docs/decisions/0130-liveness-api.md).
 */
export const resetsLiveness = (actor: Actor, changes: boolean) => changes && actor.kind === "board" && !isInstanceActor(actor);

export async function updateIssue(ctx: ServiceContext, ref: string, input: UpdateIssueInput) {
  const found = await getIssueOrThrow(ctx, ref, "work.write");
  // where an issue's work happens is the board's to choose, like its project's policy
  if (input.workspacePolicy !== undefined) requireBoard(ctx.actor, "Only the board overrides an issue's workspace policy");
  await assertIssueRefs(ctx.db, found.companyId, input, found.id);
  const updated = await inTx(ctx, (tx) => applyIssueUpdate(tx, ctx.actor, found, input));
  return issueWithLabels(ctx.db, updated);
}

/**
 * The update itself in the caller's transaction, for an issue already found in the actor's company
 * and refs already checked: also the effect of an answered question (lib/services/questions).
 */
export async function applyIssueUpdate(tx: Tx, actor: Actor, found: Pick<Issue, "id">, input: UpdateIssueInput): Promise<Issue> {
  // row lock: a concurrent checkout or PATCH waits, then sees our result
  await tx.$queryRaw`SELECT id FROM "Issue" WHERE id = ${found.id}::uuid FOR UPDATE`;
  const current = await tx.issue.findUniqueOrThrow({ where: { id: found.id } });
  // one assignee at a time: naming a user unassigns the agent, and the other way round
  if (input.assigneeUserId) input = { ...input, assigneeAgentId: null };
  else if (input.assigneeAgentId) input = { ...input, assigneeUserId: null };
  const assigneeChanged = input.assigneeAgentId !== undefined && input.assigneeAgentId !== current.assigneeAgentId;
  const to = nextStatus(current, input, assigneeChanged);
  // only a status the caller asked for is a move of the table; the return to todo on reassignment is a rule
  if (input.status !== undefined) await assertStatusChange(tx, actor, current, to);
  const assigneeAgentId = input.assigneeAgentId === undefined ? current.assigneeAgentId : input.assigneeAgentId;
  const assigneeUserId = input.assigneeUserId === undefined ? current.assigneeUserId : input.assigneeUserId;
  if (to === "in_progress" && !assigneeAgentId && !assigneeUserId) {
    throw new AppError("invalid_transition", "in_progress requires an assignee: check the issue out or set assigneeAgentId");
  }
  const override = await checkDone(tx, actor, current, to, input.overrideReason);
  const now = new Date();
  const { comment, labelIds, blockedByIssueIds, status: _status, overrideReason: _reason, ...fields } = input;
  const changed = Object.keys(input).filter((k) => k !== "comment" && k !== "overrideReason");
  const reset = resetsLiveness(actor, changed.length > 0 || to !== current.status);
  const data: Prisma.IssueUncheckedUpdateInput = {
    ...fields,
    ...statusStamps(current, to, now),
    ...(assigneeChanged ? { checkoutRunId: null, lockedAt: null } : {}),
    ...(reset ? { livenessResetAt: now } : {}),
    updatedAt: now,
  };
  const row = await tx.issue.update({ where: { id: current.id }, data });
  if (reset) await tx.issueStall.deleteMany({ where: { issueId: row.id, companyId: row.companyId } });
  if (labelIds) {
    await tx.issueLabel.deleteMany({ where: { companyId: row.companyId, issueId: row.id } });
    await tx.issueLabel.createMany({ data: [...new Set(labelIds)].map((labelId) => ({ companyId: row.companyId, issueId: row.id, labelId })) });
  }
  const blockers = blockedByIssueIds ? await setBlockers(tx, row, blockedByIssueIds) : null;
  if (changed.length || to !== current.status) {
    await recordActivity(tx, actor, {
      companyId: row.companyId, action: to !== current.status ? "issue.status_changed" : "issue.updated", entityType: "issue", entityId: row.id,
      details: { changed, ...(to !== current.status ? { from: current.status, to } : {}), ...(blockers ? { blockersAdded: blockers.added, blockersRemoved: blockers.removed } : {}) },
    });
  }
  await emitIssueChanges(prismaExec(tx), actor, current, row);
  if (assigneeChanged && row.assigneeAgentId && !(actor.kind === "agent" && actor.agentId === row.assigneeAgentId)) {
    await requestWake(prismaExec(tx), {
      companyId: row.companyId, agentId: row.assigneeAgentId, reason: "assignment", source: `assigned ${row.identifier}`,
      issueId: row.id, payload: { taskId: row.id, wakeReason: "assignment" },
    });
  }
  if (to !== current.status && (to === "done" || to === "cancelled")) {
    await closeRoutineRuns(tx, row.companyId, row.id, to, actor);
    await releaseDependents(tx, row);
  }
  if (to !== current.status) await afterStatusChange(tx, actor, row, current.status, override);
  if (comment) await insertComment(tx, actor, row, comment);
  return tx.issue.findUniqueOrThrow({ where: { id: row.id } });
}
