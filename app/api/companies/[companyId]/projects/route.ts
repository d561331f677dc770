import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { createProjectSchema, listProjectsQuery, projectResponseSchema } from "@/lib/schemas/projects";
import { createProject, listProjects } from "@/lib/services/projects/crud";

export const GET = apiHandler(
  {
    params: companyParams, query: listProjectsQuery, list: true,
    summary: "The company's projects",
    response: z.array(projectResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listProjects(ctx, params.companyId, query)),
);

export const POST = apiHandler(
  {
    params: companyParams, body: createProjectSchema, status: 201,
    summary: "Create a project",
    description: "workspacePolicy, branchTemplate, verification and review are the board's: an agent sending any of them gets 403.",
    response: projectResponseSchema,
    errors: ["invalid_reference", "unprocessable"],
  },
  ({ ctx, params, body }) => createProject(ctx, params.companyId, body),
);
