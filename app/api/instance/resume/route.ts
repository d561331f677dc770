import { apiHandler } from "@/lib/http/api-handler";
import { instancePauseResponseSchema } from "@/lib/schemas/pause";
import { resumeInstance } from "@/lib/services/pause/instance";

export const POST = apiHandler(
  {
    summary: "Resume the instance (instance admins): the wakes kept during the pause run. A company paused on its own stays paused",
    response: instancePauseResponseSchema,
  },
  ({ ctx }) => resumeInstance(ctx),
);
