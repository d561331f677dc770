import { apiHandler } from "@/lib/http/api-handler";
import { runLogResponseSchema, runParams } from "@/lib/schemas/heartbeat-runs";
import { getRunLog } from "@/lib/services/heartbeat-runs";

export const GET = apiHandler(
  {
    params: runParams,
    summary: "A run's raw log",
    response: runLogResponseSchema,
  },
  ({ ctx, params }) => getRunLog(ctx, params.runId),
);
