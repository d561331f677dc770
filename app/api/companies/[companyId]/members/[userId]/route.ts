import { apiHandler } from "@/lib/http/api-handler";
import { memberParams, updateMemberSchema } from "@/lib/schemas/members";
import { removeMember, updateMember } from "@/lib/services/members";

export const PATCH = apiHandler({ params: memberParams, body: updateMemberSchema }, ({ ctx, params, body }) =>
  updateMember(ctx, params.companyId, params.userId, body.role),
);

export const DELETE = apiHandler({ params: memberParams }, ({ ctx, params }) => removeMember(ctx, params.companyId, params.userId));
