import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { companyResponseSchema, createCompanySchema } from "@/lib/schemas/companies";
import { createCompany, listCompanies } from "@/lib/services/companies";

export const GET = apiHandler(
  {
    list: true,
    summary: "The companies you can see",
    response: z.array(companyResponseSchema),
  },
  async ({ ctx, query }) => listOf(await listCompanies(ctx, query)),
);

export const POST = apiHandler(
  {
    body: createCompanySchema, status: 201,
    summary: "Create a company",
    response: companyResponseSchema,
  },
  ({ ctx, body }) => createCompany(ctx, body),
);
