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
    description: "workspacePolicy, branchTemplate, verification and review are the board's: an agent sending any of them gets 403. " +
      "A refused value (a template that names no branch, a command over 4 KiB, a timeout outside 1–7200 s, a review agent that is not " +
      "a live agent of the company) is 422 naming the field.",
    response: projectResponseSchema,
    errors: ["invalid_reference", "unprocessable"],
  },
  ({ ctx, params, body }) => updateProject(ctx, params.projectId, body),
);
