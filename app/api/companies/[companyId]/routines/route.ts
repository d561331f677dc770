import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { baseUrl } from "@/lib/oauth/config";
import { companyParams } from "@/lib/schemas/companies";
import { createRoutineSchema, listRoutinesQuery, routineResponseSchema } from "@/lib/schemas/routines";
import { createRoutine, listRoutines } from "@/lib/services/routines/crud";

export const GET = apiHandler(
  {
    params: companyParams, query: listRoutinesQuery, list: true,
    summary: "The company's routines",
    description: "Each with its triggers (schedules with their next five windows), its next fire and its latest run.",
    response: z.array(routineResponseSchema),
  },
  async ({ ctx, params, query, req }) => listOf(await listRoutines(ctx, params.companyId, query, baseUrl(req))),
);

export const POST = apiHandler(
  {
    params: companyParams, body: createRoutineSchema, status: 201,
    summary: "Create a routine",
    description: "Recurring or triggered work for an agent; add triggers with POST /api/routines/:routineId/triggers.",
    response: routineResponseSchema,
  },
  ({ ctx, params, body, req }) => createRoutine(ctx, params.companyId, body, baseUrl(req)),
);
