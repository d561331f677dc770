import { apiHandler } from "@/lib/http/api-handler";
import { agentParams, agentResponseSchema } from "@/lib/schemas/agents";
import { terminateAgent } from "@/lib/services/agents/lifecycle";

export const POST = apiHandler(
  {
    params: agentParams,
    summary: "Terminate an agent (final)",
    response: agentResponseSchema,
  },
  ({ ctx, params }) => terminateAgent(ctx, params.agentId),
);
