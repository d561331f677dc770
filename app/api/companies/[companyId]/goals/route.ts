import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { createGoalSchema, goalResponseSchema, listGoalsQuery } from "@/lib/schemas/goals";
import { createGoal, listGoals } from "@/lib/services/goals";

export const GET = apiHandler(
  {
    params: companyParams, query: listGoalsQuery, list: true,
    summary: "The company's goals",
    response: z.array(goalResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listGoals(ctx, params.companyId, query)),
);

export const POST = apiHandler(
  {
    params: companyParams, body: createGoalSchema, status: 201,
    summary: "Create a goal",
    response: goalResponseSchema,
  },
  ({ ctx, params, body }) => createGoal(ctx, params.companyId, body),
);
