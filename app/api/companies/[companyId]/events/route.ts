import { apiHandler } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { companyEvents } from "@/lib/services/events";

export const dynamic = "force-dynamic";

// Server-Sent Events: `event: change` with {companyId, entityType, entityId, action} per change
export const GET = apiHandler(
  {
    params: companyParams,
    summary: "Live changes of the company (Server-Sent Events)",
    response: { mediaType: "text/event-stream", description: "`event: change` with {companyId, entityType, entityId, action} per change" },
  },
  ({ ctx, params, req }) => companyEvents(ctx, params.companyId, req.signal),
);
