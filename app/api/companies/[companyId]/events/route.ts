import type { NextRequest } from "next/server";
import { apiHandler } from "@/lib/http/api-handler";
import { describeRoute, routeDocOf } from "@/lib/openapi/route-doc";
import { sseRetryLater } from "@/lib/runtime/events";
import { companyParams } from "@/lib/schemas/companies";
import { companyEvents } from "@/lib/services/events";

export const dynamic = "force-dynamic";

// Server-Sent Events: `event: change` with {companyId, entityType, entityId, action} per change
const stream = apiHandler(
  {
    params: companyParams,
    summary: "Live changes of the company (Server-Sent Events)",
    description: "While the database is unavailable a new stream answers `retry: 2000` and ends, so an EventSource comes back.",
    response: { mediaType: "text/event-stream", description: "`event: change` with {companyId, entityType, entityId, action} per change" },
  },
  ({ ctx, params, req }) => companyEvents(ctx, params.companyId, req.signal),
);

export const GET = describeRoute(async (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => {
  const res = await stream(req, ctx);
  return res.status === 503 ? sseRetryLater(res.headers.get("x-request-id")) : res;
}, routeDocOf(stream)!);
