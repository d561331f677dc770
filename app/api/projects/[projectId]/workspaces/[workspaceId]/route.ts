import { apiHandler } from "@/lib/http/api-handler";
import { updateWorkspaceSchema, workspaceParams, workspaceResponseSchema } from "@/lib/schemas/projects";
import { deleteWorkspace, updateWorkspace } from "@/lib/services/projects/workspaces";

export const PATCH = apiHandler(
  {
    params: workspaceParams, body: updateWorkspaceSchema,
    summary: "Update a workspace",
    response: workspaceResponseSchema,
    errors: ["unprocessable"],
  },
  ({ ctx, params, body }) => updateWorkspace(ctx, params.projectId, params.workspaceId, body),
);

export const DELETE = apiHandler({ params: workspaceParams, summary: "Delete a workspace", response: null }, ({ ctx, params }) =>
  deleteWorkspace(ctx, params.projectId, params.workspaceId)
);
