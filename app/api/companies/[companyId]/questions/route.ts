import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { listQuestionsQuery, questionResponseSchema } from "@/lib/schemas/questions";
import { listCompanyQuestions } from "@/lib/services/questions/queries";

export const GET = apiHandler(
  {
    params: companyParams, query: listQuestionsQuery, list: true,
    summary: "The company's questions to the board (?status=open: those waiting), newest first",
    response: z.array(questionResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listCompanyQuestions(ctx, params.companyId, query)),
);
