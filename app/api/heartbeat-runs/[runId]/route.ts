import { apiHandler } from "@/lib/http/api-handler";
import { runParams, runResponseSchema } from "@/lib/schemas/heartbeat-runs";
import { getRun } from "@/lib/services/heartbeat-runs";

export const GET = apiHandler(
  {
    params: runParams,
    summary: "A heartbeat run",
    response: runResponseSchema,
  },
  ({ ctx, params }) => getRun(ctx, params.runId),
);
