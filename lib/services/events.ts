// GET /api/companies/:companyId/events: the company's live changes for its board users and agents.
import type { ServiceContext } from "@/lib/services/context";
import { getCompanyOrThrow } from "@/lib/services/company-scope";
import { eventHub, sseResponse } from "@/lib/runtime/events";

export async function companyEvents(ctx: ServiceContext, companyRef: string, signal: AbortSignal): Promise<Response> {
  const company = await getCompanyOrThrow(ctx, companyRef, "activity.read");
  return sseResponse(eventHub(), company.id, signal);
}
