import { apiHandler } from "@/lib/http/api-handler";
import { companyParams, companyResponseSchema } from "@/lib/schemas/companies";
import { pauseSchema } from "@/lib/schemas/pause";
import { pauseCompany } from "@/lib/services/pause/company";

export const POST = apiHandler(
  {
    params: companyParams, body: pauseSchema,
    summary: "Pause a company: no new run starts and wakes are kept; runs already running finish or are cancelled (mode). Pausing a paused company changes nothing",
    response: companyResponseSchema,
  },
  ({ ctx, params, body }) => pauseCompany(ctx, params.companyId, body),
);
