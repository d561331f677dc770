import { apiHandler } from "@/lib/http/api-handler";
import { agentParams, updateAgentSchema } from "@/lib/schemas/agents";
import { getAgent, updateAgent } from "@/lib/services/agents/agents";

export const GET = apiHandler({ params: agentParams }, ({ ctx, params }) => getAgent(ctx, params.agentId));

export const PATCH = apiHandler({ params: agentParams, body: updateAgentSchema }, ({ ctx, params, body }) =>
  updateAgent(ctx, params.agentId, body),
);
