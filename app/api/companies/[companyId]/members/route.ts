import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { addMemberSchema, memberResponseSchema } from "@/lib/schemas/members";
import { addMember, listMembers } from "@/lib/services/members";

export const GET = apiHandler(
  {
    params: companyParams, list: true,
    summary: "The company's board members",
    response: z.array(memberResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listMembers(ctx, params.companyId, query)),
);

export const POST = apiHandler(
  {
    params: companyParams, body: addMemberSchema, status: 201,
    summary: "Add a board user as a member",
    response: memberResponseSchema,
  },
  ({ ctx, params, body }) => addMember(ctx, params.companyId, body),
);
