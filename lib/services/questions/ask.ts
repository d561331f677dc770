// An agent (or a board user) asks the board a question on an issue. The rules the issue sets for a
// question's shape are 422s here: 1 to 10 options with distinct ids, a default among them, an expiry
// in the future, and effects naming only agents of the issue's company.
import { AppError, invalidReference } from "@/lib/http/errors";
import type { CreateQuestionInput } from "@/lib/schemas/questions";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { getIssueOrThrow } from "@/lib/services/issues/queries";
import { questionWithIssue } from "@/lib/services/questions/queries";
import { emitQuestionEvent } from "@/lib/services/questions/events";

const MAX_OPTIONS = 10;

const unprocessable = (path: string, message: string) => new AppError("unprocessable", message, [{ path, message }]);

function assertShape(input: CreateQuestionInput, now: Date) {
  const n = input.options.length;
  if (n === 0 || n > MAX_OPTIONS) throw unprocessable("body.options", `A question has 1 to ${MAX_OPTIONS} options (this one has ${n})`);
  const ids = new Set<string>();
  input.options.forEach((o, i) => {
    if (ids.has(o.id)) throw unprocessable(`body.options.${i}.id`, `Option id "${o.id}" is used twice`);
    ids.add(o.id);
  });
  if (input.defaultOptionId !== undefined && !ids.has(input.defaultOptionId)) {
    throw unprocessable("body.defaultOptionId", `"${input.defaultOptionId}" is none of the options`);
  }
  if (input.expiresAt !== undefined && new Date(input.expiresAt) <= now) throw unprocessable("body.expiresAt", "The expiry is in the past");
}

/** Every agent an effect names must be a live agent of the issue's company (another company's id is unknown here). */
async function assertEffectRefs(tx: Tx, companyId: string, input: CreateQuestionInput) {
  for (const [i, o] of input.options.entries()) {
    const e = o.effect;
    const agentId = e?.kind === "assign" ? e.agentId : e?.kind === "create_subissue" ? e.assigneeAgentId : undefined;
    if (!agentId) continue;
    const found = await tx.agent.findFirst({ where: { id: agentId, companyId, status: { not: "terminated" } }, select: { id: true } });
    if (!found) throw invalidReference(`body.options.${i}.effect.${e?.kind === "assign" ? "agentId" : "assigneeAgentId"}`, "Agent");
  }
}

export async function createQuestion(ctx: ServiceContext, issueRef: string, input: CreateQuestionInput) {
  const issue = await getIssueOrThrow(ctx, issueRef, "work.write");
  assertShape(input, new Date());
  const actor = ctx.actor;
  const row = await inTx(ctx, async (tx) => {
    await assertEffectRefs(tx, issue.companyId, input);
    const q = await tx.question.create({
      data: {
        companyId: issue.companyId, issueId: issue.id, prompt: input.prompt, options: input.options, allowText: input.allowText ?? false,
        defaultOptionId: input.defaultOptionId ?? null, expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        askedByAgentId: actor.kind === "agent" ? actor.agentId : null, askedByUserId: actor.kind === "board" ? actor.userId : null,
      },
    });
    await recordActivity(tx, actor, {
      companyId: q.companyId, action: "question.asked", entityType: "issue", entityId: issue.id, details: { questionId: q.id, prompt: q.prompt.slice(0, 200) },
    });
    await emitQuestionEvent(tx, actor, q, "question.asked");
    return q;
  });
  return questionWithIssue(ctx.db, row);
}
