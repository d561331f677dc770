import { apiHandler } from "@/lib/http/api-handler";
import { getViewer } from "@/lib/services/users";
import { viewerResponseSchema } from "@/lib/schemas/users";

export const GET = apiHandler(
  {
    summary: "The signed-in board user, with memberships",
    response: viewerResponseSchema,
  },
  ({ ctx }) => getViewer(ctx),
);
