import { apiHandler } from "@/lib/http/api-handler";
import { agentParams } from "@/lib/schemas/agents";
import { pauseAgent } from "@/lib/services/agents/lifecycle";

export const POST = apiHandler({ params: agentParams }, ({ ctx, params }) => pauseAgent(ctx, params.agentId));
