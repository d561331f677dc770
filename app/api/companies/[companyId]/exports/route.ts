import { apiHandler } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { exportResponseSchema, exportSchema } from "@/lib/schemas/portability";
import { exportCompany } from "@/lib/portability/export";

export const POST = apiHandler(
  {
    params: companyParams, body: exportSchema,
    summary: "Export the company as a package",
    description: "The package's files (COMPANY.md, agents, projects, tasks when asked for, the logo and the .charter.yaml manifest), optionally narrowed to selectedFiles. No secret, env value or machine-specific setting leaves; each omission is a warning. Records a company.exported activity row.",
    response: exportResponseSchema,
  },
  ({ ctx, params, body }) => exportCompany(ctx, params.companyId, body, { preview: false }),
);
