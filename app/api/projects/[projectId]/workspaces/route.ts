import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { createWorkspaceSchema, projectParams, workspaceResponseSchema } from "@/lib/schemas/projects";
import { createWorkspace, listWorkspaces } from "@/lib/services/projects/workspaces";

export const GET = apiHandler(
  {
    params: projectParams, list: true,
    summary: "A project's workspaces",
    response: z.array(workspaceResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listWorkspaces(ctx, params.projectId, query)),
);

export const POST = apiHandler(
  {
    params: projectParams, body: createWorkspaceSchema, status: 201,
    summary: "Add a workspace to a project",
    response: workspaceResponseSchema,
    errors: ["unprocessable"],
  },
  ({ ctx, params, body }) => createWorkspace(ctx, params.projectId, body),
);
