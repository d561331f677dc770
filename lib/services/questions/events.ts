// The outbox events of questions, written in the transaction of the change (lib/services/outbox/emit.ts):
// question.asked when asked, question.answered (with the outcome) when it leaves `open` by any way.
import type { Question } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/auth/actor";
import type { QuestionOption } from "@/lib/schemas/questions";
import type { Tx } from "@/lib/services/context";
import { emitEvent } from "@/lib/services/outbox/emit";

export async function emitQuestionEvent(tx: Tx, actor: Actor | null, q: Question, type: "question.asked" | "question.answered") {
  const subject = { type: "question", id: q.id };
  if (type === "question.asked") {
    const options = (q.options as unknown as QuestionOption[]).map((o) => ({ id: o.id, label: o.label }));
    await emitEvent(tx, actor, {
      companyId: q.companyId, type, subject,
      data: { questionId: q.id, issueId: q.issueId, askedByAgentId: q.askedByAgentId, prompt: q.prompt, options, expiresAt: q.expiresAt?.toISOString() ?? null },
    });
    return;
  }
  if (q.status === "open") return;
  await emitEvent(tx, actor, {
    companyId: q.companyId, type, subject,
    data: { questionId: q.id, issueId: q.issueId, outcome: q.status, optionId: q.answerOptionId, text: q.status === "declined" ? q.declineReason : q.answerText },
  });
}
