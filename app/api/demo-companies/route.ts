import { apiHandler } from "@/lib/http/api-handler";
import { createDemoCompanySchema, demoCompanyResponseSchema } from "@/lib/schemas/demo";
import { createDemoCompany } from "@/lib/services/demo";

// Instance admins, like POST /api/companies; a new company under a free prefix on every call
export const POST = apiHandler(
  {
    body: createDemoCompanySchema, status: 201,
    summary: "Create a demo company whose scripted agents start working at once",
    response: demoCompanyResponseSchema,
  },
  ({ ctx }) => createDemoCompany(ctx),
);
