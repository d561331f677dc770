import { apiHandler } from "@/lib/http/api-handler";
import { boardInviteParams } from "@/lib/schemas/board-invites";
import { revokeBoardInvite } from "@/lib/services/board-invites";

export const DELETE = apiHandler(
  {
    params: boardInviteParams,
    summary: "Revoke an open board invite",
    response: null,
  },
  ({ ctx, params }) => revokeBoardInvite(ctx, params.companyId, params.inviteId),
);
