import { apiHandler } from "@/lib/http/api-handler";
import { agentParams } from "@/lib/schemas/agents";
import { resumeAgent } from "@/lib/services/agents/lifecycle";

export const POST = apiHandler({ params: agentParams }, ({ ctx, params }) => resumeAgent(ctx, params.agentId));
