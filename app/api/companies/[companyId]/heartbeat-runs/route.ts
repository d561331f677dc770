import { apiHandler, listOf } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { listRunsQuery } from "@/lib/schemas/heartbeat-runs";
import { listRuns } from "@/lib/services/heartbeat-runs";

export const GET = apiHandler({ params: companyParams, query: listRunsQuery, list: true }, async ({ ctx, params, query }) =>
  listOf(await listRuns(ctx, params.companyId, query)),
);
