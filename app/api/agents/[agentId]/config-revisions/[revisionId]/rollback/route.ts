import { apiHandler } from "@/lib/http/api-handler";
import { agentResponseSchema, revisionParams } from "@/lib/schemas/agents";
import { rollbackConfig } from "@/lib/services/agents/config-revisions";

export const POST = apiHandler(
  {
    params: revisionParams,
    summary: "Roll an agent's settings back to a revision",
    response: agentResponseSchema,
  },
  ({ ctx, params }) => rollbackConfig(ctx, params.agentId, params.revisionId),
);
