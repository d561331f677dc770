import { z } from "zod";
import { apiHandler } from "@/lib/http/api-handler";
import { orgNodeSchema } from "@/lib/schemas/agents";
import { companyParams } from "@/lib/schemas/companies";
import { getOrgChart } from "@/lib/services/agents/org";

export const GET = apiHandler(
  {
    params: companyParams,
    summary: "The org chart: agents under their managers",
    response: z.array(orgNodeSchema),
  },
  ({ ctx, params }) => getOrgChart(ctx, params.companyId),
);
