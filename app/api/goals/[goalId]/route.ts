import { apiHandler } from "@/lib/http/api-handler";
import { goalParams, updateGoalSchema } from "@/lib/schemas/goals";
import { getGoal, updateGoal } from "@/lib/services/goals";

export const GET = apiHandler({ params: goalParams }, ({ ctx, params }) => getGoal(ctx, params.goalId));

export const PATCH = apiHandler({ params: goalParams, body: updateGoalSchema }, ({ ctx, params, body }) =>
  updateGoal(ctx, params.goalId, body),
);
