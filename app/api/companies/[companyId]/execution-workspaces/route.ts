import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { executionWorkspaceResponseSchema, listExecutionWorkspacesQuery } from "@/lib/schemas/execution-workspaces";
import { listExecutionWorkspaces } from "@/lib/services/workspaces/board";

export const GET = apiHandler(
  {
    params: companyParams, query: listExecutionWorkspacesQuery, list: true,
    summary: "The company's execution workspaces with their status (board only), newest first",
    response: z.array(executionWorkspaceResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listExecutionWorkspaces(ctx, params.companyId, query)),
);
