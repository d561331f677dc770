import { apiHandler } from "@/lib/http/api-handler";
import { agentParams, agentResponseSchema, updateAgentSchema } from "@/lib/schemas/agents";
import { getAgent, updateAgent } from "@/lib/services/agents/crud";

export const GET = apiHandler(
  {
    params: agentParams,
    summary: "An agent, with its chain of command",
    response: agentResponseSchema,
  },
  ({ ctx, params }) => getAgent(ctx, params.agentId),
);

export const PATCH = apiHandler(
  {
    params: agentParams, body: updateAgentSchema,
    summary: "Update an agent",
    response: agentResponseSchema,
  },
  ({ ctx, params, body }) => updateAgent(ctx, params.agentId, body),
);
