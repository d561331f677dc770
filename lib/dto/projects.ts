import type { Project, ProjectWorkspace, WorkspacePolicy } from "@/lib/generated/prisma/client";
import { readChecks } from "@/lib/schemas/projects";
import { DEFAULT_BRANCH_TEMPLATE } from "@/lib/services/workspaces/branch-template";

/** The spec: "a repo-only workspace omits cwd", so the key is absent rather than null. */
export function workspaceDto(row: ProjectWorkspace) {
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    ...(row.cwd === null ? {} : { cwd: row.cwd }),
    repoUrl: row.repoUrl,
    repoRef: row.repoRef,
    isPrimary: row.isPrimary,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type WorkspaceDto = ReturnType<typeof workspaceDto>;

/** A project with its goal links in position order and its workspaces oldest first. */
export type ProjectWithRelations = Project & { goals: { goalId: string }[]; workspaces: ProjectWorkspace[] };

/** `defaultPolicy`: the policy the project's primary workspace implies when the project sets none. */
export function projectDto(row: ProjectWithRelations, defaultPolicy: WorkspacePolicy) {
  const goalIds = row.goals.map((g) => g.goalId);
  const workspaces = row.workspaces.map(workspaceDto);
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    description: row.description,
    status: row.status,
    goalId: (goalIds[0] as string | undefined) ?? null,
    goalIds,
    leadAgentId: row.leadAgentId,
    targetDate: row.targetDate?.toISOString().slice(0, 10) ?? null,
    primaryWorkspace: workspaces.find((w) => w.isPrimary) ?? null,
    workspaces,
    workspacePolicy: row.workspacePolicy ?? defaultPolicy,
    branchTemplate: row.branchTemplate ?? DEFAULT_BRANCH_TEMPLATE,
    ...readChecks(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type ProjectDto = ReturnType<typeof projectDto>;
