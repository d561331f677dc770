import { apiHandler } from "@/lib/http/api-handler";
import { agentParams } from "@/lib/schemas/agents";
import { instructionsResponseSchema, putInstructionsSchema } from "@/lib/schemas/agent-instructions";
import { getInstructions, putInstructions } from "@/lib/services/agents/instructions-bundle";

export const GET = apiHandler(
  {
    params: agentParams,
    summary: "Read an agent's managed instructions bundle",
    response: instructionsResponseSchema,
  },
  ({ ctx, params }) => getInstructions(ctx, params.agentId),
);

export const PUT = apiHandler(
  {
    params: agentParams, body: putInstructionsSchema,
    summary: "Replace an agent's managed instructions bundle (a config revision; never redacted: keep secrets out)",
    response: instructionsResponseSchema,
  },
  ({ ctx, params, body }) => putInstructions(ctx, params.agentId, body),
);
