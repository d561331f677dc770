import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { listActivity } from "@/lib/services/activity";
import { activityResponseSchema } from "@/lib/schemas/activity";

const query = z.object({
  entityType: z.string().max(50).optional(),
  entityId: z.string().max(100).optional(),
  action: z.string().max(100).optional(),
  actorType: z.enum(["user", "agent", "system"]).optional(),
});

export const GET = apiHandler(
  {
    params: companyParams, query, list: true,
    summary: "The company's activity log",
    response: z.array(activityResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listActivity(ctx, params.companyId, query)),
);
