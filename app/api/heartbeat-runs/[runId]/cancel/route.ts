import { apiHandler } from "@/lib/http/api-handler";
import { runParams } from "@/lib/schemas/heartbeat-runs";
import { cancelRun } from "@/lib/services/heartbeat-runs";

export const POST = apiHandler({ params: runParams }, ({ ctx, params }) => cancelRun(ctx, params.runId));
