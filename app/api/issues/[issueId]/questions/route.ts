import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { issueParams } from "@/lib/schemas/issues";
import { createQuestionSchema, listQuestionsQuery, questionResponseSchema } from "@/lib/schemas/questions";
import { createQuestion } from "@/lib/services/questions/ask";
import { listIssueQuestions } from "@/lib/services/questions/queries";

export const GET = apiHandler(
  {
    params: issueParams, query: listQuestionsQuery, list: true,
    summary: "The issue's questions to the board, newest first",
    response: z.array(questionResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listIssueQuestions(ctx, params.issueId, query)),
);

export const POST = apiHandler(
  {
    params: issueParams, body: createQuestionSchema, status: 201,
    summary: "Ask the board a question on the issue (its company's agents or a board user)",
    idempotent: true,
    response: questionResponseSchema,
  },
  ({ ctx, params, body }) => createQuestion(ctx, params.issueId, body),
);
