import { apiHandler } from "@/lib/http/api-handler";
import { env } from "@/lib/env";
import { companyParams } from "@/lib/schemas/companies";
import { createInviteSchema } from "@/lib/schemas/invites";
import { createInvite } from "@/lib/services/invites";

export const POST = apiHandler({ params: companyParams, body: createInviteSchema, status: 201 }, ({ ctx, params, body, req }) =>
  createInvite(ctx, params.companyId, body, env().PUBLIC_BASE_URL ?? req.nextUrl.origin),
);
