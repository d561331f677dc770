import { apiHandler } from "@/lib/http/api-handler";
import { agentParams } from "@/lib/schemas/agents";
import { terminateAgent } from "@/lib/services/agents/lifecycle";

export const POST = apiHandler({ params: agentParams }, ({ ctx, params }) => terminateAgent(ctx, params.agentId));
