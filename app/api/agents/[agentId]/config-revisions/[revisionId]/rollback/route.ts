import { apiHandler } from "@/lib/http/api-handler";
import { revisionParams } from "@/lib/schemas/agents";
import { rollbackConfig } from "@/lib/services/agents/config-revisions";

export const POST = apiHandler({ params: revisionParams }, ({ ctx, params }) => rollbackConfig(ctx, params.agentId, params.revisionId));
