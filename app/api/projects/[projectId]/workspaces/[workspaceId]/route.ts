import { apiHandler } from "@/lib/http/api-handler";
import { updateWorkspaceSchema, workspaceParams } from "@/lib/schemas/projects";
import { deleteWorkspace, updateWorkspace } from "@/lib/services/projects/workspaces";

export const PATCH = apiHandler({ params: workspaceParams, body: updateWorkspaceSchema }, ({ ctx, params, body }) =>
  updateWorkspace(ctx, params.projectId, params.workspaceId, body),
);

export const DELETE = apiHandler({ params: workspaceParams }, ({ ctx, params }) =>
  deleteWorkspace(ctx, params.projectId, params.workspaceId),
);
