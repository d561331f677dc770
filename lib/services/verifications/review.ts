// POST /api/issues/:issueId/review: the project's reviewer approves (the issue moves to done, if its
// verification passed on the same head) or requests changes (back to in_progress with the comment,
// and its assignee is woken). The REVIEW_ROUNDS-th request for changes leaves the issue in_review and
// puts it in the board's inbox (review_escalated) instead of looping between two agents.
import type { Issue } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/auth/actor";
import { conflict, forbidden } from "@/lib/http/errors";
import type { ReviewInput } from "@/lib/schemas/verifications";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { emitIssueChanges } from "@/lib/services/outbox/issue-events";
import { insertComment } from "@/lib/services/comments";
import { prismaExec, requestWake } from "@/lib/services/wakeups";
import { getIssueOrThrow } from "@/lib/services/issues/queries";
import { closeRoutineRuns } from "@/lib/services/routines/runs";
import { releaseDependents } from "@/lib/services/issues/blockers";
import { reviewDto } from "@/lib/dto/verifications";
import { checksOf } from "@/lib/services/verifications/settings";
import type { ReviewRule } from "@/lib/schemas/projects";
import { assertMayBeDone, currentHead } from "@/lib/services/verifications/gate";

/** Requests for changes before the board takes over. */
export const REVIEW_ROUNDS = 3;

function assertReviewer(actor: Actor, rule: ReviewRule | null) {
  if (!rule) throw forbidden("This issue's project names no reviewer");
  if (rule.kind === "board" && actor.kind !== "board") throw forbidden("The board reviews this project's issues");
  if (rule.kind === "agent" && !(actor.kind === "agent" && actor.agentId === rule.agentId)) {
    throw forbidden("Only the project's reviewer agent may review its issues");
  }
}

async function moveTo(tx: Tx, actor: Actor, issue: Issue, to: "done" | "in_progress" | "todo") {
  const now = new Date();
  const { count } = await tx.issue.updateMany({
    where: { id: issue.id, companyId: issue.companyId, status: "in_review" },
    data: { status: to, updatedAt: now, ...(to === "done" ? { completedAt: now } : {}), ...(to === "in_progress" && !issue.startedAt ? { startedAt: now } : {}) },
  });
  if (count !== 1) throw conflict("The issue left in_review while the review was recorded");
  await recordActivity(tx, actor, {
    companyId: issue.companyId, action: "issue.status_changed", entityType: "issue", entityId: issue.id,
    details: { changed: ["status"], from: "in_review", to, via: "review" },
  });
  await emitIssueChanges(prismaExec(tx), actor, issue, { ...issue, status: to });
  if (to === "done") {
    await closeRoutineRuns(tx, issue.companyId, issue.id, "done");
    await releaseDependents(tx, issue);
  }
}

async function sendBack(tx: Tx, actor: Actor, issue: Issue, comment: string | undefined, round: number) {
  await moveTo(tx, actor, issue, issue.assigneeAgentId || issue.assigneeUserId ? "in_progress" : "todo");
  if (!issue.assigneeAgentId) return;
  await requestWake(prismaExec(tx), {
    companyId: issue.companyId, agentId: issue.assigneeAgentId, reason: "assignment", source: `changes requested on ${issue.identifier}`,
    issueId: issue.id, payload: { taskId: issue.id, wakeReason: "changes_requested", reviewRound: round, ...(comment ? { reviewComment: comment } : {}) },
  });
}

export async function submitReview(ctx: ServiceContext, ref: string, input: ReviewInput) {
  const found = await getIssueOrThrow(ctx, ref, "work.write");
  const actor = ctx.actor;
  const checks = await checksOf(ctx.db, found);
  assertReviewer(actor, checks.review);
  return inTx(ctx, async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Issue" WHERE id = ${found.id}::uuid FOR UPDATE`;
    const issue = await tx.issue.findUniqueOrThrow({ where: { id: found.id } });
    if (issue.status !== "in_review") throw conflict(`The issue is ${issue.status}: only an issue in_review can be reviewed`, { status: issue.status });
    const head = await currentHead(tx, issue);
    const review = await tx.issueReview.create({
      data: {
        companyId: issue.companyId, issueId: issue.id, verdict: input.verdict, comment: input.comment ?? null, headSha: head,
        reviewerAgentId: actor.kind === "agent" ? actor.agentId : null, reviewerUserId: actor.kind === "board" ? actor.userId : null,
      },
    });
    const round = await tx.issueReview.count({ where: { companyId: issue.companyId, issueId: issue.id, verdict: "request_changes" } });
    const escalated = input.verdict === "request_changes" && round >= REVIEW_ROUNDS;
    await recordActivity(tx, actor, {
      companyId: issue.companyId, action: "review.submitted", entityType: "issue", entityId: issue.id,
      details: { reviewId: review.id, verdict: input.verdict, round, escalated, headSha: head },
    });
    if (input.comment) await insertComment(tx, actor, issue, input.comment);
    let status: Issue["status"] = "in_review";
    if (input.verdict === "approve") {
      // the approval counts only with the rest of what done needs (a passing verification of this head)
      await assertMayBeDone(tx, issue, checks, ["review"]);
      await moveTo(tx, actor, issue, "done");
      status = "done";
    } else if (!escalated) {
      await sendBack(tx, actor, issue, input.comment, round);
      status = (await tx.issue.findUniqueOrThrow({ where: { id: issue.id }, select: { status: true } })).status;
    }
    return reviewDto(review, { round, escalated, issueStatus: status });
  });
}
