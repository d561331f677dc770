// Projects and their workspaces: query keys nested under the company, and the fetchers.
import type { ProjectDto, WorkspaceDto } from "@/lib/dto/projects";
import { apiAll, apiGet, apiSend } from "@/lib/queries/fetcher";
import type { ProjectWorkSettings } from "@/lib/queries/workspaces";

export type { ProjectDto, WorkspaceDto };

export const projectKeys = {
  all: (companyId: string) => ["companies", companyId, "projects"] as const,
  list: (companyId: string) => [...projectKeys.all(companyId), "list"] as const,
  detail: (companyId: string, projectId: string) => [...projectKeys.all(companyId), "detail", projectId] as const,
};

export interface WorkspaceInput {
  name?: string;
  cwd?: string | null;
  repoUrl?: string | null;
  repoRef?: string | null;
  isPrimary?: boolean;
}

export interface NewProject {
  name: string;
  description?: string;
  status?: string;
  goalIds?: string[];
  targetDate?: string | null;
  workspace?: WorkspaceInput;
}

export type ProjectPatch = Partial<{ name: string; description: string; status: string; goalIds: string[]; targetDate: string | null } & ProjectWorkSettings>;

export const fetchProjects = (companyId: string) => apiAll<ProjectDto>(`/api/companies/${companyId}/projects`);
export const fetchProject = (projectId: string) => apiGet<ProjectDto>(`/api/projects/${projectId}`);
export const createProject = (companyId: string, input: NewProject) => apiSend<ProjectDto>("POST", `/api/companies/${companyId}/projects`, input);
export const updateProject = (projectId: string, patch: ProjectPatch) => apiSend<ProjectDto>("PATCH", `/api/projects/${projectId}`, patch);

export const createWorkspace = (projectId: string, input: WorkspaceInput) =>
  apiSend<WorkspaceDto>("POST", `/api/projects/${projectId}/workspaces`, input);
export const updateWorkspace = (projectId: string, workspaceId: string, patch: WorkspaceInput) =>
  apiSend<WorkspaceDto>("PATCH", `/api/projects/${projectId}/workspaces/${workspaceId}`, patch);
export const deleteWorkspace = (projectId: string, workspaceId: string) =>
  apiSend<void>("DELETE", `/api/projects/${projectId}/workspaces/${workspaceId}`);
