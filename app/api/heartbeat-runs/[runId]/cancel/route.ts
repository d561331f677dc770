import { apiHandler } from "@/lib/http/api-handler";
import { runParams, runResponseSchema } from "@/lib/schemas/heartbeat-runs";
import { cancelRun } from "@/lib/services/heartbeat-runs";

export const POST = apiHandler(
  {
    params: runParams,
    summary: "Cancel a queued or running run",
    response: runResponseSchema,
  },
  ({ ctx, params }) => cancelRun(ctx, params.runId),
);
