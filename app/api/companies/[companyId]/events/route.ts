import { apiHandler } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { companyEvents } from "@/lib/services/events";

export const dynamic = "force-dynamic";

// Server-Sent Events: `event: change` with {companyId, entityType, entityId, action} per change
export const GET = apiHandler({ params: companyParams }, ({ ctx, params, req }) => companyEvents(ctx, params.companyId, req.signal));
