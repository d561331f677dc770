import { apiHandler } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { inboxCountResponseSchema, markInboxSchema } from "@/lib/schemas/inbox";
import { markInboxRead } from "@/lib/services/inbox";

export const POST = apiHandler(
  {
    params: companyParams, body: markInboxSchema,
    summary: "Mark inbox items read for the signed-in user ({keys} or {all: true}); answers the new count",
    response: inboxCountResponseSchema,
  },
  ({ ctx, params, body }) => markInboxRead(ctx, params.companyId, body),
);
