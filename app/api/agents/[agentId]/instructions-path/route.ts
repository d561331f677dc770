import { apiHandler } from "@/lib/http/api-handler";
import { agentParams, agentResponseSchema, instructionsPathSchema } from "@/lib/schemas/agents";
import { setInstructionsPath } from "@/lib/services/agents/instructions";

export const PATCH = apiHandler(
  {
    params: agentParams, body: instructionsPathSchema,
    summary: "Set or clear an agent's instructions file",
    response: agentResponseSchema,
  },
  ({ ctx, params, body }) => setInstructionsPath(ctx, params.agentId, body),
);
