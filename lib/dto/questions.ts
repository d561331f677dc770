import type { Question } from "@/lib/generated/prisma/client";
import type { QuestionOption } from "@/lib/schemas/questions";

export interface EffectResult {
  kind: string;
  applied: boolean;
  skipped?: string;
}

export function questionDto(row: Question, issueIdentifier: string) {
  return {
    id: row.id,
    companyId: row.companyId,
    issueId: row.issueId,
    issueIdentifier,
    askedByAgentId: row.askedByAgentId,
    askedByUserId: row.askedByUserId,
    prompt: row.prompt,
    options: row.options as unknown as QuestionOption[],
    allowText: row.allowText,
    defaultOptionId: row.defaultOptionId,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    status: row.status,
    answerOptionId: row.answerOptionId,
    answerText: row.answerText,
    declineReason: row.declineReason,
    effectResult: (row.effectResult as EffectResult | null) ?? null,
    answeredByUserId: row.answeredByUserId,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
