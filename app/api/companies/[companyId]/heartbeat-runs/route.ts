import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { listRunsQuery, runResponseSchema } from "@/lib/schemas/heartbeat-runs";
import { listRuns } from "@/lib/services/heartbeat-runs";

export const GET = apiHandler(
  {
    params: companyParams, query: listRunsQuery, list: true,
    summary: "The company's heartbeat runs",
    response: z.array(runResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listRuns(ctx, params.companyId, query)),
);
