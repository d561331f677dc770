import { apiHandler, listOf } from "@/lib/http/api-handler";
import { agentParams } from "@/lib/schemas/agents";
import { listConfigRevisions } from "@/lib/services/agents/config-revisions";

export const GET = apiHandler({ params: agentParams, list: true }, async ({ ctx, params, query }) =>
  listOf(await listConfigRevisions(ctx, params.agentId, query)),
);
