import { apiHandler } from "@/lib/http/api-handler";
import { labelParams, labelResponseSchema, updateLabelSchema } from "@/lib/schemas/labels";
import { deleteLabel, getLabel, updateLabel } from "@/lib/services/labels";

export const GET = apiHandler(
  {
    params: labelParams,
    summary: "A label",
    response: labelResponseSchema,
  },
  ({ ctx, params }) => getLabel(ctx, params.labelId),
);

export const PATCH = apiHandler(
  {
    params: labelParams, body: updateLabelSchema,
    summary: "Update a label",
    response: labelResponseSchema,
  },
  ({ ctx, params, body }) => updateLabel(ctx, params.labelId, body),
);

export const DELETE = apiHandler(
  {
    params: labelParams,
    summary: "Delete a label",
    response: null,
  },
  ({ ctx, params }) => deleteLabel(ctx, params.labelId),
);
