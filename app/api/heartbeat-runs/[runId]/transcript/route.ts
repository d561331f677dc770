import { apiHandler } from "@/lib/http/api-handler";
import { runParams, transcriptQuery } from "@/lib/schemas/heartbeat-runs";
import { getRunTranscript } from "@/lib/services/heartbeat-runs";

export const GET = apiHandler({ params: runParams, query: transcriptQuery }, ({ ctx, params, query }) =>
  getRunTranscript(ctx, params.runId, query.after),
);
