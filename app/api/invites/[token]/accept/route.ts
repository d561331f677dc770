import { apiHandler } from "@/lib/http/api-handler";
import { acceptedInviteResponseSchema, acceptInviteSchema, inviteTokenParams } from "@/lib/schemas/invites";
import { acceptInvite } from "@/lib/services/invites";

// the answer carries the new agent's API key, shown once: never cached
export const POST = apiHandler(
  {
    params: inviteTokenParams, body: acceptInviteSchema, auth: "none",
    summary: "Join a company with an invite (answers the new agent's API key once)",
    response: acceptedInviteResponseSchema,
    status: 201,
  },
  async ({ params, body }) =>
    Response.json(await acceptInvite(params.token, body), { status: 201, headers: { "Cache-Control": "no-store" } }),
);
