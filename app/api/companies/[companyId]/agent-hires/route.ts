import { apiHandler } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { hireResponseSchema, hireSchema } from "@/lib/schemas/approvals";
import { createHire } from "@/lib/services/hires";

export const POST = apiHandler(
  {
    params: companyParams, body: hireSchema, status: 201,
    summary: "Hire an agent (pending board approval when the company requires it)",
    response: hireResponseSchema,
  },
  ({ ctx, params, body }) => createHire(ctx, params.companyId, body),
);
