import { z } from "zod";
import { apiHandler } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { getDashboard } from "@/lib/services/dashboard";
import { dashboardResponseSchema } from "@/lib/schemas/dashboard";

const query = z.object({
  staleAfterMinutes: z.coerce.number().int().min(1).max(525_600).optional()
    .describe("An in-progress task with no activity for this long is stale (default 1440, a day)"),
});

export const GET = apiHandler(
  {
    params: companyParams, query,
    summary: "The company at a glance",
    response: dashboardResponseSchema,
  },
  ({ ctx, params, query }) => getDashboard(ctx, params.companyId, query),
);
