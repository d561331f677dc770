import { apiHandler } from "@/lib/http/api-handler";
import { baseUrl } from "@/lib/oauth/config";
import { createdTriggerResponseSchema, createTriggerSchema, routineParams } from "@/lib/schemas/routines";
import { createTrigger } from "@/lib/services/routines/triggers";

export const POST = apiHandler(
  {
    params: routineParams, body: createTriggerSchema, status: 201,
    summary: "Add a trigger to a routine",
    description: "schedule: a five-field cron expression and an IANA zone (422 invalid_schedule naming the field when it cannot fire). webhook: the answer carries the URL and the signing secret, shown only now. api: marks the routine as fired by other systems.",
    errors: ["invalid_schedule"],
    response: createdTriggerResponseSchema,
  },
  ({ ctx, params, body, req }) => createTrigger(ctx, params.routineId, body, baseUrl(req)),
);
