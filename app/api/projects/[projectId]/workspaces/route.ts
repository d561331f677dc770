import { apiHandler, listOf } from "@/lib/http/api-handler";
import { createWorkspaceSchema, projectParams } from "@/lib/schemas/projects";
import { createWorkspace, listWorkspaces } from "@/lib/services/projects/workspaces";

export const GET = apiHandler({ params: projectParams, list: true }, async ({ ctx, params, query }) =>
  listOf(await listWorkspaces(ctx, params.projectId, query)),
);

export const POST = apiHandler({ params: projectParams, body: createWorkspaceSchema, status: 201 }, ({ ctx, params, body }) =>
  createWorkspace(ctx, params.projectId, body),
);
