import { apiHandler, listOf } from "@/lib/http/api-handler";
import { agentParams, createKeySchema } from "@/lib/schemas/agents";
import { createAgentKey, listAgentKeys } from "@/lib/services/agents/keys";

export const GET = apiHandler({ params: agentParams, list: true }, async ({ ctx, params, query }) =>
  listOf(await listAgentKeys(ctx, params.agentId, query)),
);

export const POST = apiHandler({ params: agentParams, body: createKeySchema, status: 201 }, ({ ctx, params, body }) =>
  createAgentKey(ctx, params.agentId, body.name),
);
