// A question's one way out of `open`: answered (the chosen option's effect applied in the same
// transaction), declined, cancelled by its asker, or expired (lib/runtime/question-expiry.ts). Each is
// a conditional update from open, so a second answer finds nothing to update: 409 already_answered.
// Every outcome wakes the asking agent with reason question_answered.
import type { Prisma, Question, QuestionStatus } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/auth/actor";
import { AppError, forbidden } from "@/lib/http/errors";
import type { AnswerQuestionInput, QuestionOption } from "@/lib/schemas/questions";
import type { EffectResult } from "@/lib/dto/questions";
import type { Db } from "@/lib/db/client";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { prismaExec, requestWake } from "@/lib/services/wakeups";
import { applyEffect } from "@/lib/services/questions/effects";
import { emitQuestionEvent } from "@/lib/services/questions/events";
import { getQuestionOrThrow, questionWithIssue } from "@/lib/services/questions/queries";

type Outcome = Exclude<QuestionStatus, "open">;

const unprocessable = (path: string, message: string) => new AppError("unprocessable", message, [{ path, message }]);

const optionsOf = (q: Question) => q.options as unknown as QuestionOption[];

/** The asking agent hears the outcome; a terminated or unapproved asker hears nothing. */
async function wakeAsker(tx: Tx, q: Question, outcome: Outcome) {
  if (!q.askedByAgentId) return;
  const asker = await tx.agent.findFirst({
    where: { id: q.askedByAgentId, companyId: q.companyId, status: { notIn: ["terminated", "pending_approval"] } }, select: { id: true },
  });
  if (!asker) return;
  const text = outcome === "declined" ? q.declineReason : q.answerText;
  await requestWake(prismaExec(tx), {
    companyId: q.companyId, agentId: asker.id, reason: "question_answered", source: `question ${outcome}`, issueId: q.issueId,
    payload: { questionId: q.id, outcome, ...(q.answerOptionId ? { optionId: q.answerOptionId } : {}), ...(text ? { text } : {}) },
  });
}

/**
 * Moves an open question to `outcome` with `data`, applies the chosen option's effect as `effectActor`,
 * and records, emits and wakes, all in `tx`. Null when the question was no longer open.
 */
export async function settleQuestion(tx: Tx, actor: Actor | null, q: Question, outcome: Outcome, data: Prisma.QuestionUpdateManyMutationInput, effectActor: Actor | null) {
  const res = await tx.question.updateMany({ where: { id: q.id, companyId: q.companyId, status: "open" }, data: { ...data, status: outcome, answeredAt: new Date() } });
  if (res.count === 0) return null;
  let row = await tx.question.findUniqueOrThrow({ where: { id: q.id } });
  const option = optionsOf(row).find((o) => o.id === row.answerOptionId);
  let effect: EffectResult | null = null;
  if (option?.effect) {
    effect = await applyEffect(tx, effectActor, row, option.effect);
    row = await tx.question.update({ where: { id: row.id }, data: { effectResult: { ...effect } } });
  }
  await recordActivity(tx, actor, {
    companyId: row.companyId, action: `question.${outcome}`, entityType: "issue", entityId: row.issueId,
    details: {
      questionId: row.id, prompt: row.prompt.slice(0, 200), ...(option ? { optionId: option.id, optionLabel: option.label } : {}),
      ...(effect ? { effect: effect.kind, effectApplied: effect.applied, ...(effect.skipped ? { effectSkipped: effect.skipped } : {}) } : {}),
    },
  });
  await emitQuestionEvent(tx, actor, row, "question.answered");
  await wakeAsker(tx, row, outcome);
  return row;
}

async function closedError(db: Db | Tx, q: Question) {
  const now = await db.question.findUniqueOrThrow({ where: { id: q.id }, select: { status: true } });
  return new AppError("already_answered", `This question is already ${now.status}`, { status: now.status });
}

function assertAnswer(q: Question, input: AnswerQuestionInput) {
  if (input.optionId === undefined && input.text === undefined) throw unprocessable("body.optionId", "Choose an option or answer in words");
  if (input.optionId !== undefined && !optionsOf(q).some((o) => o.id === input.optionId)) {
    throw unprocessable("body.optionId", `"${input.optionId}" is none of this question's options`);
  }
  if (input.text !== undefined && !q.allowText) throw unprocessable("body.text", "This question takes one of its options, not text");
}

export async function answerQuestion(ctx: ServiceContext, id: string, input: AnswerQuestionInput) {
  const q = await getQuestionOrThrow(ctx, id, "question.answer");
  const actor = ctx.actor;
  if (actor.kind !== "board") throw forbidden("Only the board answers questions");
  if (q.status !== "open") throw await closedError(ctx.db, q);
  assertAnswer(q, input);
  const row = await inTx(ctx, async (tx) => {
    const done = await settleQuestion(tx, actor, q, "answered", { answerOptionId: input.optionId ?? null, answerText: input.text ?? null, answeredByUserId: actor.userId }, actor);
    if (!done) throw await closedError(tx, q);
    return done;
  });
  return questionWithIssue(ctx.db, row);
}

export async function declineQuestion(ctx: ServiceContext, id: string, reason: string | undefined) {
  const q = await getQuestionOrThrow(ctx, id, "question.answer");
  const actor = ctx.actor;
  if (actor.kind !== "board") throw forbidden("Only the board declines questions");
  const row = await inTx(ctx, async (tx) => {
    const done = await settleQuestion(tx, actor, q, "declined", { declineReason: reason ?? null, answeredByUserId: actor.userId }, null);
    if (!done) throw await closedError(tx, q);
    return done;
  });
  return questionWithIssue(ctx.db, row);
}

const isAsker = (actor: Actor, q: Question) =>
  actor.kind === "agent" ? q.askedByAgentId === actor.agentId : q.askedByUserId !== null && q.askedByUserId === actor.userId;

export async function cancelQuestion(ctx: ServiceContext, id: string) {
  const q = await getQuestionOrThrow(ctx, id, "work.write");
  const actor = ctx.actor;
  if (!isAsker(actor, q)) throw forbidden("Only the asker cancels a question");
  const row = await inTx(ctx, async (tx) => {
    const done = await settleQuestion(tx, actor, q, "cancelled", {}, null);
    if (!done) throw await closedError(tx, q);
    return done;
  });
  return questionWithIssue(ctx.db, row);
}
