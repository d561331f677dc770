import { apiHandler, listOf } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { createIssueSchema, listIssuesQuery } from "@/lib/schemas/issues";
import { createIssue } from "@/lib/services/issues/create";
import { listIssues } from "@/lib/services/issues/list";

export const GET = apiHandler({ params: companyParams, query: listIssuesQuery, list: true }, async ({ ctx, params, query }) =>
  listOf(await listIssues(ctx, params.companyId, query)),
);

export const POST = apiHandler({ params: companyParams, body: createIssueSchema, status: 201 }, ({ ctx, params, body }) =>
  createIssue(ctx, params.companyId, body),
);
