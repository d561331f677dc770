import { apiHandler } from "@/lib/http/api-handler";
import { questionParams, questionResponseSchema } from "@/lib/schemas/questions";
import { cancelQuestion } from "@/lib/services/questions/resolve";

export const POST = apiHandler(
  {
    params: questionParams,
    summary: "Cancel a question (its asker only)",
    response: questionResponseSchema,
  },
  ({ ctx, params }) => cancelQuestion(ctx, params.questionId),
);
