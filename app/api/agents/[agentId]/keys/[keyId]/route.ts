import { apiHandler } from "@/lib/http/api-handler";
import { agentKeyParams, agentKeyResponseSchema } from "@/lib/schemas/agents";
import { revokeAgentKey } from "@/lib/services/agents/keys";

export const DELETE = apiHandler(
  {
    params: agentKeyParams,
    summary: "Revoke an agent API key",
    response: agentKeyResponseSchema,
  },
  ({ ctx, params }) => revokeAgentKey(ctx, params.agentId, params.keyId),
);
