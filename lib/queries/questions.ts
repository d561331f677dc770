// Questions agents ask the board: query keys under the company (its live events invalidate them) and
// the fetchers and writes of /api/{companies,issues}/:id/questions and /api/questions/:id/**.
import type { z } from "zod";
import type { questionResponseSchema } from "@/lib/schemas/questions";
import { apiAll, apiSend } from "@/lib/queries/fetcher";

export type Question = z.infer<typeof questionResponseSchema>;

/** Whose open questions: the company's (the inbox) or one issue's. */
export type QuestionScope = { issueId: string } | { all: true };

export const questionKeys = {
  all: (companyId: string) => ["companies", companyId, "questions"] as const,
  open: (companyId: string, scope: QuestionScope) => [...questionKeys.all(companyId), "open", "issueId" in scope ? scope.issueId : "*"] as const,
};

export const fetchOpenQuestions = (companyId: string, scope: QuestionScope) =>
  apiAll<Question>("issueId" in scope ? `/api/issues/${scope.issueId}/questions?status=open` : `/api/companies/${companyId}/questions?status=open`);

export const answerQuestion = (id: string, body: { optionId?: string; text?: string }) => apiSend<Question>("POST", `/api/questions/${id}/answer`, body);

export const declineQuestion = (id: string, reason?: string) => apiSend<Question>("POST", `/api/questions/${id}/decline`, reason ? { reason } : {});
