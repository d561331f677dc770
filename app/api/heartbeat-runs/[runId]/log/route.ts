import { apiHandler } from "@/lib/http/api-handler";
import { runParams } from "@/lib/schemas/heartbeat-runs";
import { getRunLog } from "@/lib/services/heartbeat-runs";

export const GET = apiHandler({ params: runParams }, ({ ctx, params }) => getRunLog(ctx, params.runId));
