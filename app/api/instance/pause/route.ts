import { apiHandler } from "@/lib/http/api-handler";
import { instancePauseResponseSchema, pauseSchema } from "@/lib/schemas/pause";
import { pauseInstance } from "@/lib/services/pause/instance";

export const POST = apiHandler(
  {
    body: pauseSchema,
    summary: "Pause every company of the instance (instance admins): no new run starts and wakes are kept; runs already running finish or are cancelled (mode)",
    response: instancePauseResponseSchema,
  },
  ({ ctx, body }) => pauseInstance(ctx, body),
);
