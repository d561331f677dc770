import { apiHandler } from "@/lib/http/api-handler";
import { projectParams, updateProjectSchema } from "@/lib/schemas/projects";
import { getProject, updateProject } from "@/lib/services/projects/projects";

export const GET = apiHandler({ params: projectParams }, ({ ctx, params }) => getProject(ctx, params.projectId));

export const PATCH = apiHandler({ params: projectParams, body: updateProjectSchema }, ({ ctx, params, body }) =>
  updateProject(ctx, params.projectId, body),
);
