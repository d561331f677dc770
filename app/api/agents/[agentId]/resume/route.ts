import { apiHandler } from "@/lib/http/api-handler";
import { agentParams, agentResponseSchema } from "@/lib/schemas/agents";
import { resumeAgent } from "@/lib/services/agents/lifecycle";

export const POST = apiHandler(
  {
    params: agentParams,
    summary: "Resume a paused agent",
    response: agentResponseSchema,
  },
  ({ ctx, params }) => resumeAgent(ctx, params.agentId),
);
