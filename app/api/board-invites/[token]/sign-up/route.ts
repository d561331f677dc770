import { apiHandler } from "@/lib/http/api-handler";
import { boardInviteAcceptedResponseSchema, boardInviteSignUpSchema, boardInviteTokenParams } from "@/lib/schemas/board-invites";
import { signUpWithBoardInvite } from "@/lib/services/board-invites";

// public: the token is the credential; the new account then signs in through next-auth as usual
export const POST = apiHandler(
  {
    params: boardInviteTokenParams, body: boardInviteSignUpSchema, auth: "none", status: 201,
    summary: "Create an account and join a company's board with an invite",
    response: boardInviteAcceptedResponseSchema,
  },
  ({ ctx, params, body }) => signUpWithBoardInvite(ctx.db, params.token, body),
);
