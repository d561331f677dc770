// Reading projects: scoped loads, the relations every project answer carries, the row lock that
// serialises changes to one project's goals and workspaces.
import type { Prisma, Project } from "@/lib/generated/prisma/client";
import { authorize, companyScope, type Permission } from "@/lib/auth/permissions";
import { notFound } from "@/lib/http/errors";
import { projectDto, type ProjectWithRelations } from "@/lib/dto/projects";
import type { Db } from "@/lib/db/client";
import type { ServiceContext, Tx } from "@/lib/services/context";
import { defaultWorkspacePolicy } from "@/lib/services/workspaces/default-policy";

/** Goal links in position order, workspaces oldest first: one query per relation for any number of projects. */
export const projectInclude = {
  goals: { select: { goalId: true }, orderBy: [{ position: "asc" }, { createdAt: "asc" }] },
  workspaces: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
} satisfies Prisma.ProjectInclude;

export const workspaceOrder = [["createdAt", "asc", "date"], ["id", "asc", "uuid"]] as const;

/** The project, among the caller's companies or only in `inCompany` when given. */
export async function getProjectOrThrow(ctx: ServiceContext, projectId: string, permission: Permission, inCompany?: string): Promise<Project> {
  const project = await ctx.db.project.findFirst({ where: { id: projectId, ...companyScope(ctx.actor, inCompany) } });
  if (!project) throw notFound("Project");
  authorize(ctx.actor, permission, project.companyId);
  return project;
}

async function projectWithRelations(db: Db | Tx, project: Pick<Project, "id" | "companyId">): Promise<ProjectWithRelations> {
  return db.project.findUniqueOrThrow({ where: { id: project.id, companyId: project.companyId }, include: projectInclude });
}

/** The project's answer, its default workspace policy read from its primary workspace. */
export const projectView = (row: ProjectWithRelations) => projectDto(row, defaultWorkspacePolicy(row.workspaces.find((w) => w.isPrimary)));

export async function loadProjectDto(db: Db | Tx, project: Pick<Project, "id" | "companyId">) {
  return projectView(await projectWithRelations(db, project));
}

/**
 * Locks the project row until the transaction ends. Every change to a project's goal links or
 * workspaces takes it first, so "exactly one primary" and "the first is primary" hold under races.
 */
export async function lockProject(tx: Tx, project: Pick<Project, "id" | "companyId">): Promise<void> {
  const locked = await tx.$executeRaw`
    SELECT id FROM "Project" WHERE id = ${project.id}::uuid AND "companyId" = ${project.companyId}::uuid FOR UPDATE`;
  if (locked !== 1) throw notFound("Project");
}
