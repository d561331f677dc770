import { apiHandler } from "@/lib/http/api-handler";
import { companyParams, companyResponseSchema } from "@/lib/schemas/companies";
import { resumeCompany } from "@/lib/services/pause/company";

export const POST = apiHandler(
  {
    params: companyParams,
    summary: "Resume a paused company: the wakes kept during the pause run, one run per agent. Resuming a running company changes nothing",
    response: companyResponseSchema,
  },
  ({ ctx, params }) => resumeCompany(ctx, params.companyId),
);
