import { apiHandler } from "@/lib/http/api-handler";
import { getMe, getMeByAgentKey } from "@/lib/services/agents/crud";
import { agentResponseSchema } from "@/lib/schemas/agents";

// Every agent calls this at the start of every heartbeat: an agent key is checked and the identity
// read in one statement; other callers (board users: 403) take the general path.
export const GET = apiHandler(
  {
    byAgentKey: getMeByAgentKey,
    summary: "The calling agent (agent keys), with its chain of command",
    response: agentResponseSchema,
  },
  ({ ctx }) => getMe(ctx),
);
