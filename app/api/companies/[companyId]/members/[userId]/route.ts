import { apiHandler } from "@/lib/http/api-handler";
import { memberParams, memberResponseSchema, updateMemberSchema } from "@/lib/schemas/members";
import { removeMember, updateMember } from "@/lib/services/members";

export const PATCH = apiHandler(
  {
    params: memberParams, body: updateMemberSchema,
    summary: "Change a member's role",
    response: memberResponseSchema,
  },
  ({ ctx, params, body }) => updateMember(ctx, params.companyId, params.userId, body.role),
);

export const DELETE = apiHandler(
  {
    params: memberParams,
    summary: "Remove a member",
    response: null,
  },
  ({ ctx, params }) => removeMember(ctx, params.companyId, params.userId),
);
