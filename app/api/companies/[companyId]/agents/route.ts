import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { agentResponseSchema, createAgentSchema, listAgentsQuery } from "@/lib/schemas/agents";
import { createAgent, listAgents } from "@/lib/services/agents/crud";

export const GET = apiHandler(
  {
    params: companyParams, query: listAgentsQuery, list: true,
    summary: "The company's agents",
    response: z.array(agentResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listAgents(ctx, params.companyId, query)),
);

export const POST = apiHandler(
  {
    params: companyParams, body: createAgentSchema, status: 201,
    summary: "Create an agent (board)",
    response: agentResponseSchema,
  },
  ({ ctx, params, body }) => createAgent(ctx, params.companyId, body),
);
