import { apiHandler } from "@/lib/http/api-handler";
import { labelParams, updateLabelSchema } from "@/lib/schemas/labels";
import { deleteLabel, getLabel, updateLabel } from "@/lib/services/labels";

export const GET = apiHandler({ params: labelParams }, ({ ctx, params }) => getLabel(ctx, params.labelId));

export const PATCH = apiHandler({ params: labelParams, body: updateLabelSchema }, ({ ctx, params, body }) =>
  updateLabel(ctx, params.labelId, body),
);

export const DELETE = apiHandler({ params: labelParams }, ({ ctx, params }) => deleteLabel(ctx, params.labelId));
