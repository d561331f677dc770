import { apiHandler } from "@/lib/http/api-handler";
import { triggerParams } from "@/lib/schemas/routines";
import { deleteTrigger } from "@/lib/services/routines/triggers";

export const DELETE = apiHandler(
  {
    params: triggerParams,
    summary: "Delete a trigger",
    description: "A deleted webhook trigger's URL answers 404.",
    response: null,
  },
  ({ ctx, params }) => deleteTrigger(ctx, params.routineId, params.triggerId),
);
