import { apiHandler } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { inboxCountResponseSchema } from "@/lib/schemas/inbox";
import { boardInboxCount } from "@/lib/services/inbox";

export const GET = apiHandler(
  {
    params: companyParams,
    summary: "Unread inbox items and pending approvals (the side bar's badges)",
    response: inboxCountResponseSchema,
  },
  ({ ctx, params }) => boardInboxCount(ctx, params.companyId),
);
