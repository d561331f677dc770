import { apiHandler } from "@/lib/http/api-handler";
import { executionWorkspaceParams, executionWorkspaceResponseSchema, removeExecutionWorkspaceQuery } from "@/lib/schemas/execution-workspaces";
import { getExecutionWorkspace, removeExecutionWorkspace } from "@/lib/services/workspaces/board";

export const GET = apiHandler(
  {
    params: executionWorkspaceParams,
    summary: "An execution workspace, its status read from git now (board only)",
    response: executionWorkspaceResponseSchema,
  },
  ({ ctx, params }) => getExecutionWorkspace(ctx, params.executionWorkspaceId),
);

export const DELETE = apiHandler(
  {
    params: executionWorkspaceParams, query: removeExecutionWorkspaceQuery,
    summary: "Remove an execution workspace from disk (board only); the record stays with state removed. 409 while a run works in it, and for uncommitted or unlanded work without force=true",
    response: executionWorkspaceResponseSchema,
  },
  ({ ctx, params, query }) => removeExecutionWorkspace(ctx, params.executionWorkspaceId, query.force === "true"),
);
