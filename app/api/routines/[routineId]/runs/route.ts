import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { listRunsQuery, routineParams, routineRunResponseSchema } from "@/lib/schemas/routines";
import { listRoutineRuns } from "@/lib/services/routines/runs";

export const GET = apiHandler(
  {
    params: routineParams, query: listRunsQuery, list: true,
    summary: "A routine's runs, newest first",
    response: z.array(routineRunResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listRoutineRuns(ctx, params.routineId, query)),
);
