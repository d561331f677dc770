import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { createLabelSchema, labelResponseSchema } from "@/lib/schemas/labels";
import { createLabel, listLabels } from "@/lib/services/labels";

export const GET = apiHandler(
  {
    params: companyParams, list: true,
    summary: "The company's labels",
    response: z.array(labelResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listLabels(ctx, params.companyId, query)),
);

export const POST = apiHandler(
  {
    params: companyParams, body: createLabelSchema, status: 201,
    summary: "Create a label",
    response: labelResponseSchema,
  },
  ({ ctx, params, body }) => createLabel(ctx, params.companyId, body),
);
