import { apiHandler } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { hireSchema } from "@/lib/schemas/approvals";
import { createHire } from "@/lib/services/hires";

export const POST = apiHandler({ params: companyParams, body: hireSchema, status: 201 }, ({ ctx, params, body }) =>
  createHire(ctx, params.companyId, body),
);
