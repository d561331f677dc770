import { apiHandler } from "@/lib/http/api-handler";
import { answerQuestionSchema, questionParams, questionResponseSchema } from "@/lib/schemas/questions";
import { answerQuestion } from "@/lib/services/questions/resolve";

export const POST = apiHandler(
  {
    params: questionParams, body: answerQuestionSchema,
    summary: "Answer a question (board): the option's effect applies in the same transaction; a second answer is 409 already_answered",
    response: questionResponseSchema,
  },
  ({ ctx, params, body }) => answerQuestion(ctx, params.questionId, body),
);
