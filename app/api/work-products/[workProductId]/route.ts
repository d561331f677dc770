import { apiHandler } from "@/lib/http/api-handler";
import { updateWorkProductSchema, workProductParams, workProductResponseSchema } from "@/lib/schemas/work-products";
import { updateWorkProduct } from "@/lib/services/work-products/crud";

export const PATCH = apiHandler(
  {
    params: workProductParams, body: updateWorkProductSchema,
    summary: "Update a reported work product: its status (open → merged…), title or url",
    response: workProductResponseSchema,
  },
  ({ ctx, params, body }) => updateWorkProduct(ctx, params.workProductId, body),
);
