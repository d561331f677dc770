import { apiHandler } from "@/lib/http/api-handler";
import { runParams } from "@/lib/schemas/heartbeat-runs";
import { getRun } from "@/lib/services/heartbeat-runs";

export const GET = apiHandler({ params: runParams }, ({ ctx, params }) => getRun(ctx, params.runId));
