import { apiHandler } from "@/lib/http/api-handler";
import { agentParams } from "@/lib/schemas/agents";
import { wakeResponseSchema, wakeupSchema } from "@/lib/schemas/heartbeat-runs";
import { wakeAgentNow } from "@/lib/services/heartbeat-runs";

// 202: the wake is recorded; a worker runs it (or it joins a wake already queued: status coalesced)
export const POST = apiHandler(
  {
    params: agentParams, body: wakeupSchema, status: 202,
    summary: "Wake an agent now",
    idempotent: true,
    response: wakeResponseSchema,
  },
  ({ ctx, params, body }) => wakeAgentNow(ctx, params.agentId, body),
);
