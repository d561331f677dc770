// An answer's effect on the question's issue, through the issues' own write paths (their rules
// apply as to any caller). It runs inside a savepoint of the answer's transaction: an effect the
// issue no longer allows (it moved on) is rolled back alone and recorded as skipped with why, and
// the answer still commits.
import type { Question } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/auth/actor";
import { AppError } from "@/lib/http/errors";
import type { EffectResult } from "@/lib/dto/questions";
import { createIssueSchema } from "@/lib/schemas/issues";
import type { QuestionEffect } from "@/lib/schemas/questions";
import type { Tx } from "@/lib/services/context";
import { insertComment } from "@/lib/services/comments";
import { prismaExec } from "@/lib/services/wakeups";
import { applyIssueUpdate } from "@/lib/services/issues/update";
import { initialStatus, insertIssue } from "@/lib/services/issues/create";
import { assertIssueRefs } from "@/lib/services/issues/refs";

async function run(tx: Tx, actor: Actor, q: Question, effect: QuestionEffect): Promise<Record<string, unknown>> {
  const issue = { id: q.issueId };
  switch (effect.kind) {
    case "set_status": await applyIssueUpdate(tx, actor, issue, { status: effect.status }); return { status: effect.status };
    case "cancel": await applyIssueUpdate(tx, actor, issue, { status: "cancelled" }); return {};
    case "assign":
      await assertIssueRefs(tx, q.companyId, { assigneeAgentId: effect.agentId });
      await applyIssueUpdate(tx, actor, issue, { assigneeAgentId: effect.agentId });
      return { agentId: effect.agentId };
    case "comment": {
      const row = await tx.issue.findFirstOrThrow({ where: { id: q.issueId, companyId: q.companyId } });
      return { commentId: (await insertComment(tx, actor, row, effect.body)).id };
    }
    case "create_subissue": {
      const input = createIssueSchema.parse({ title: effect.title, description: effect.description, parentId: q.issueId, assigneeAgentId: effect.assigneeAgentId });
      await assertIssueRefs(tx, q.companyId, input);
      const self = actor.kind === "agent" && actor.agentId === input.assigneeAgentId;
      const sub = await insertIssue(prismaExec(tx), q.companyId, input, initialStatus(input), actor, self ? null : { reason: "assignment", payload: {} });
      return { issueId: sub.id, identifier: sub.identifier };
    }
  }
}

/** Applies `effect` as `actor` (null: nobody left to act for it, so it is skipped). */
export async function applyEffect(tx: Tx, actor: Actor | null, q: Question, effect: QuestionEffect): Promise<EffectResult> {
  if (!actor) return { kind: effect.kind, applied: false, skipped: "Nobody is left to act for this question (its asker is gone)" };
  await tx.$executeRawUnsafe("SAVEPOINT question_effect");
  try {
    const done = await run(tx, actor, q, effect);
    await tx.$executeRawUnsafe("RELEASE SAVEPOINT question_effect");
    return { kind: effect.kind, applied: true, ...done };
  } catch (e) {
    // only a refusal by the issue's rules is a skip; anything else fails the answer as a whole
    if (!(e instanceof AppError) || e.status >= 500) throw e;
    await tx.$executeRawUnsafe("ROLLBACK TO SAVEPOINT question_effect");
    return { kind: effect.kind, applied: false, skipped: e.message };
  }
}
