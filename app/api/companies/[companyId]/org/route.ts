import { apiHandler } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { getOrgChart } from "@/lib/services/agents/org";

export const GET = apiHandler({ params: companyParams }, ({ ctx, params }) => getOrgChart(ctx, params.companyId));
