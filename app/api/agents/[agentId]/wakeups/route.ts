import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { agentParams } from "@/lib/schemas/agents";
import { listWakeups } from "@/lib/services/wakeups";
import { wakeResponseSchema } from "@/lib/schemas/heartbeat-runs";

const query = z.object({ status: z.enum(["queued", "coalesced", "started", "skipped"]).optional() });

export const GET = apiHandler(
  {
    params: agentParams, query, list: true,
    summary: "An agent's wake requests",
    response: z.array(wakeResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listWakeups(ctx, params.agentId, query)),
);
