import { apiHandler } from "@/lib/http/api-handler";
import { agentParams } from "@/lib/schemas/agents";
import { resetAgentSessions } from "@/lib/services/agent-sessions";

// 204: the agent's stored CLI sessions are forgotten; its next wakes start fresh sessions
export const DELETE = apiHandler(
  {
    params: agentParams, status: 204,
    summary: "Forget an agent's stored CLI sessions",
    response: null,
  },
  ({ ctx, params }) => resetAgentSessions(ctx, params.agentId),
);
