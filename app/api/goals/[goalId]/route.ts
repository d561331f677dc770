import { apiHandler } from "@/lib/http/api-handler";
import { goalParams, goalResponseSchema, updateGoalSchema } from "@/lib/schemas/goals";
import { getGoal, updateGoal } from "@/lib/services/goals";

export const GET = apiHandler(
  {
    params: goalParams,
    summary: "A goal",
    response: goalResponseSchema,
  },
  ({ ctx, params }) => getGoal(ctx, params.goalId),
);

export const PATCH = apiHandler(
  {
    params: goalParams, body: updateGoalSchema,
    summary: "Update a goal",
    response: goalResponseSchema,
  },
  ({ ctx, params, body }) => updateGoal(ctx, params.goalId, body),
);
