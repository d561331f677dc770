import { apiHandler } from "@/lib/http/api-handler";
import { declineQuestionSchema, questionParams, questionResponseSchema } from "@/lib/schemas/questions";
import { declineQuestion } from "@/lib/services/questions/resolve";

export const POST = apiHandler(
  {
    params: questionParams, body: declineQuestionSchema,
    summary: "Decline a question (board); the asking agent is woken with the reason",
    response: questionResponseSchema,
  },
  ({ ctx, params, body }) => declineQuestion(ctx, params.questionId, body.reason),
);
