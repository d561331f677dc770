import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { agentParams } from "@/lib/schemas/agents";
import { listWakeups } from "@/lib/services/wakeups";

const query = z.object({ status: z.enum(["queued", "coalesced", "started", "skipped"]).optional() });

export const GET = apiHandler({ params: agentParams, query, list: true }, async ({ ctx, params, query }) =>
  listOf(await listWakeups(ctx, params.agentId, query)),
);
