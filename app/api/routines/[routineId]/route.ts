import { apiHandler } from "@/lib/http/api-handler";
import { baseUrl } from "@/lib/oauth/config";
import { routineParams, routineResponseSchema, updateRoutineSchema } from "@/lib/schemas/routines";
import { deleteRoutine, getRoutine, updateRoutine } from "@/lib/services/routines/crud";

export const GET = apiHandler(
  {
    params: routineParams,
    summary: "A routine",
    description: "With its triggers (never a webhook secret), its next fire and its latest run.",
    response: routineResponseSchema,
  },
  ({ ctx, params, req }) => getRoutine(ctx, params.routineId, baseUrl(req)),
);

export const PATCH = apiHandler(
  {
    params: routineParams, body: updateRoutineSchema,
    summary: "Update a routine",
    description: "Also pauses (status paused) and resumes (status active) it.",
    response: routineResponseSchema,
  },
  ({ ctx, params, body, req }) => updateRoutine(ctx, params.routineId, body, baseUrl(req)),
);

export const DELETE = apiHandler(
  {
    params: routineParams,
    summary: "Delete a routine",
    description: "Its triggers go with it (their webhook URLs answer 404); its execution issues stay.",
    response: null,
  },
  ({ ctx, params }) => deleteRoutine(ctx, params.routineId),
);
