import { apiHandler, listOf } from "@/lib/http/api-handler";
import { createCompanySchema } from "@/lib/schemas/companies";
import { createCompany, listCompanies } from "@/lib/services/companies";

export const GET = apiHandler({ list: true }, async ({ ctx, query }) => listOf(await listCompanies(ctx, query)));

export const POST = apiHandler({ body: createCompanySchema, status: 201 }, ({ ctx, body }) => createCompany(ctx, body));
