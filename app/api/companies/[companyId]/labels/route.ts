import { apiHandler, listOf } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { createLabelSchema } from "@/lib/schemas/labels";
import { createLabel, listLabels } from "@/lib/services/labels";

export const GET = apiHandler({ params: companyParams, list: true }, async ({ ctx, params, query }) =>
  listOf(await listLabels(ctx, params.companyId, query)),
);

export const POST = apiHandler({ params: companyParams, body: createLabelSchema, status: 201 }, ({ ctx, params, body }) =>
  createLabel(ctx, params.companyId, body),
);
