import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { uuidSchema } from "@/lib/schemas/common";
import { costEventResponseSchema, createCostEventSchema, recordedCostResponseSchema } from "@/lib/schemas/costs";
import { createCostEvent, listCostEvents } from "@/lib/services/costs";

export const POST = apiHandler(
  {
    params: companyParams, body: createCostEventSchema, status: 201,
    summary: "Report spend: tokens and cents of one model call or run",
    idempotent: true,
    response: recordedCostResponseSchema,
  },
  ({ ctx, params, body }) => createCostEvent(ctx, params.companyId, body),
);

const query = z.object({ agentId: uuidSchema.optional(), projectId: uuidSchema.optional(), issueId: uuidSchema.optional() });

export const GET = apiHandler(
  {
    params: companyParams, query, list: true,
    summary: "The company's cost events",
    response: z.array(costEventResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listCostEvents(ctx, params.companyId, query)),
);
