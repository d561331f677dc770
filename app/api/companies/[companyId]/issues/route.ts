import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { createIssueSchema, issueResponseSchema, listIssuesQuery } from "@/lib/schemas/issues";
import { createIssue } from "@/lib/services/issues/create";
import { listIssues, listIssuesByAgentKey } from "@/lib/services/issues/list";

// Agents read this list every heartbeat: an agent key is checked and the page read in one statement.
export const GET = apiHandler(
  {
    params: companyParams,
    query: listIssuesQuery,
    list: true,
    byAgentKey: async (keyDigest, { params, query }) => {
      const page = await listIssuesByAgentKey(keyDigest, params.companyId, query);
      return page ? listOf(page) : page;
    },
    summary: "The company's issues",
    response: z.array(issueResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listIssues(ctx, params.companyId, query)),
);

export const POST = apiHandler(
  {
    params: companyParams, body: createIssueSchema, status: 201,
    summary: "Create an issue",
    idempotent: true,
    response: issueResponseSchema,
  },
  ({ ctx, params, body }) => createIssue(ctx, params.companyId, body),
);
