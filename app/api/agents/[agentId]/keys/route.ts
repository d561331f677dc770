import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { agentKeyResponseSchema, agentParams, createdAgentKeyResponseSchema, createKeySchema } from "@/lib/schemas/agents";
import { createAgentKey, listAgentKeys } from "@/lib/services/agents/keys";

export const GET = apiHandler(
  {
    params: agentParams, list: true,
    summary: "An agent's API keys (never the secrets)",
    response: z.array(agentKeyResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listAgentKeys(ctx, params.agentId, query)),
);

export const POST = apiHandler(
  {
    params: agentParams, body: createKeySchema, status: 201,
    summary: "Create an agent API key (the token is shown once)",
    response: createdAgentKeyResponseSchema,
  },
  ({ ctx, params, body }) => createAgentKey(ctx, params.agentId, body.name),
);
