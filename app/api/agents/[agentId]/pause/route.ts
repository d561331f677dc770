import { apiHandler } from "@/lib/http/api-handler";
import { agentParams, agentResponseSchema } from "@/lib/schemas/agents";
import { pauseAgent } from "@/lib/services/agents/lifecycle";

export const POST = apiHandler(
  {
    params: agentParams,
    summary: "Pause an agent",
    response: agentResponseSchema,
  },
  ({ ctx, params }) => pauseAgent(ctx, params.agentId),
);
