import { apiHandler } from "@/lib/http/api-handler";
import { agentKeyParams } from "@/lib/schemas/agents";
import { revokeAgentKey } from "@/lib/services/agents/keys";

export const DELETE = apiHandler({ params: agentKeyParams }, ({ ctx, params }) => revokeAgentKey(ctx, params.agentId, params.keyId));
