import { apiHandler } from "@/lib/http/api-handler";
import { getViewer, updateViewer } from "@/lib/services/users";
import { updateViewerSchema, viewerResponseSchema } from "@/lib/schemas/users";

export const GET = apiHandler(
  {
    summary: "The signed-in board user, with memberships",
    response: viewerResponseSchema,
  },
  ({ ctx }) => getViewer(ctx),
);

export const PATCH = apiHandler(
  {
    summary: "Change the signed-in board user's own preferences (the board's colour theme)",
    body: updateViewerSchema,
    response: viewerResponseSchema,
  },
  ({ ctx, body }) => updateViewer(ctx, body),
);
