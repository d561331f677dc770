import { apiHandler } from "@/lib/http/api-handler";
import { agentParams, instructionsPathSchema } from "@/lib/schemas/agents";
import { setInstructionsPath } from "@/lib/services/agents/instructions";

export const PATCH = apiHandler({ params: agentParams, body: instructionsPathSchema }, ({ ctx, params, body }) =>
  setInstructionsPath(ctx, params.agentId, body),
);
