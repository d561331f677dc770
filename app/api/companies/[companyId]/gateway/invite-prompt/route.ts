import { baseUrl } from "@/lib/oauth/config";
import { apiHandler } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { createInviteSchema, inviteResponseSchema } from "@/lib/schemas/invites";
import { createInvite } from "@/lib/services/invites";

export const POST = apiHandler(
  {
    params: companyParams, body: createInviteSchema, status: 201,
    summary: "Invite an agent from outside (a single-use onboarding link)",
    response: inviteResponseSchema,
  },
  ({ ctx, params, body, req }) => createInvite(ctx, params.companyId, body, baseUrl(req)),
);
