import { apiHandler } from "@/lib/http/api-handler";
import { projectParams, projectResponseSchema, updateProjectSchema } from "@/lib/schemas/projects";
import { getProject, updateProject } from "@/lib/services/projects/crud";

export const GET = apiHandler(
  {
    params: projectParams,
    summary: "A project",
    response: projectResponseSchema,
  },
  ({ ctx, params }) => getProject(ctx, params.projectId),
);

export const PATCH = apiHandler(
  {
    params: projectParams, body: updateProjectSchema,
    summary: "Update a project",
    response: projectResponseSchema,
  },
  ({ ctx, params, body }) => updateProject(ctx, params.projectId, body),
);
