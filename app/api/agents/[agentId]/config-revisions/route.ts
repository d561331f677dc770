import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { agentParams, configRevisionResponseSchema } from "@/lib/schemas/agents";
import { listConfigRevisions } from "@/lib/services/agents/config-revisions";

export const GET = apiHandler(
  {
    params: agentParams, list: true,
    summary: "An agent's configuration revisions",
    response: z.array(configRevisionResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listConfigRevisions(ctx, params.agentId, query)),
);
