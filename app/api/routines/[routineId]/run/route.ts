import { apiHandler } from "@/lib/http/api-handler";
import { routineParams, routineRunResponseSchema } from "@/lib/schemas/routines";
import { runRoutineNow } from "@/lib/services/routines/runs";

// 202: the fire is recorded (an issue created, or skipped or coalesced by the routine's rules)
export const POST = apiHandler(
  {
    params: routineParams, status: 202,
    summary: "Run a routine now",
    description: "One fire with source api, needing no trigger; by a board member, the assignee or an agent above it in the chain of command. The answer is the run.",
    idempotent: true,
    response: routineRunResponseSchema,
  },
  ({ ctx, params }) => runRoutineNow(ctx, params.routineId),
);
