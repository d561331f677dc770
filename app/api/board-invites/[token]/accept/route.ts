import { apiHandler } from "@/lib/http/api-handler";
import { boardInviteAcceptedResponseSchema, boardInviteTokenParams } from "@/lib/schemas/board-invites";
import { acceptBoardInvite } from "@/lib/services/board-invites";

export const POST = apiHandler(
  {
    params: boardInviteTokenParams,
    summary: "Join a company's board with an invite, as the signed-in board user",
    response: boardInviteAcceptedResponseSchema,
  },
  ({ ctx, params }) => acceptBoardInvite(ctx, params.token),
);
