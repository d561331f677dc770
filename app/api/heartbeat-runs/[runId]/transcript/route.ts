import { apiHandler } from "@/lib/http/api-handler";
import { runParams, transcriptQuery, transcriptResponseSchema } from "@/lib/schemas/heartbeat-runs";
import { getRunTranscript } from "@/lib/services/heartbeat-runs";

export const GET = apiHandler(
  {
    params: runParams, query: transcriptQuery,
    summary: "A run's parsed transcript",
    response: transcriptResponseSchema,
  },
  ({ ctx, params, query }) => getRunTranscript(ctx, params.runId, query.after),
);
