// Project workspaces: where an agent works on a project (a local directory, a repository, or
// both). A project with workspaces has exactly one primary: the first one is primary, making
// another primary demotes the rest, and deleting the primary promotes the oldest remaining one.
import type { Project } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/auth/actor";
import { AppError, notFound } from "@/lib/http/errors";
import { keysetPage, orderByOf, type ListQuery } from "@/lib/http/pagination";
import { workspaceDto } from "@/lib/dto/projects";
import type { CreateWorkspaceInput, UpdateWorkspaceInput } from "@/lib/schemas/projects";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { getProjectOrThrow, lockProject, workspaceOrder } from "@/lib/services/projects/queries";

type ProjectRef = Pick<Project, "id" | "companyId">;

/** A name for an unnamed workspace: the last segment of its directory or repository. */
function workspaceName(cwd: string | null, repoUrl: string | null): string {
  const source = cwd ?? repoUrl ?? "";
  const last = source.replace(/[\\/]+$/, "").split(/[\\/:]/).pop() ?? "";
  return last.replace(/\.git$/, "") || source;
}

async function demoteOthers(tx: Tx, project: ProjectRef, keepId?: string) {
  await tx.projectWorkspace.updateMany({
    where: { companyId: project.companyId, projectId: project.id, isPrimary: true, ...(keepId ? { id: { not: keepId } } : {}) },
    data: { isPrimary: false },
  });
}

/** Inserts a workspace; the caller holds the project lock (lockProject). */
export async function insertWorkspace(tx: Tx, actor: Actor, project: ProjectRef, input: CreateWorkspaceInput) {
  const existing = await tx.projectWorkspace.count({ where: { companyId: project.companyId, projectId: project.id } });
  const isPrimary = existing === 0 || input.isPrimary === true;
  if (isPrimary && existing > 0) await demoteOthers(tx, project);
  const cwd = input.cwd ?? null;
  const repoUrl = input.repoUrl ?? null;
  const row = await tx.projectWorkspace.create({
    data: {
      companyId: project.companyId, projectId: project.id, name: input.name || workspaceName(cwd, repoUrl),
      cwd, repoUrl, repoRef: input.repoRef ?? null, isPrimary,
    },
  });
  await recordActivity(tx, actor, {
    companyId: project.companyId, action: "workspace.created", entityType: "workspace", entityId: row.id,
    details: { projectId: project.id, isPrimary },
  });
  return row;
}

export async function listWorkspaces(ctx: ServiceContext, projectId: string, query: ListQuery) {
  const project = await getProjectOrThrow(ctx, projectId, "work.read");
  return keysetPage(query, workspaceOrder, ({ after, ...page }) => ctx.db.projectWorkspace.findMany({
    where: { companyId: project.companyId, projectId: project.id, ...after },
    ...page,
  }), workspaceDto);
}

export async function createWorkspace(ctx: ServiceContext, projectId: string, input: CreateWorkspaceInput) {
  const project = await getProjectOrThrow(ctx, projectId, "work.write");
  const row = await inTx(ctx, async (tx) => {
    await lockProject(tx, project);
    return insertWorkspace(tx, ctx.actor, project, input);
  });
  return workspaceDto(row);
}

async function findWorkspace(tx: Tx, project: ProjectRef, workspaceId: string) {
  const row = await tx.projectWorkspace.findFirst({ where: { id: workspaceId, companyId: project.companyId, projectId: project.id } });
  if (!row) throw notFound("Workspace");
  return row;
}

export async function updateWorkspace(ctx: ServiceContext, projectId: string, workspaceId: string, input: UpdateWorkspaceInput) {
  const project = await getProjectOrThrow(ctx, projectId, "work.write");
  const row = await inTx(ctx, async (tx) => {
    await lockProject(tx, project);
    const current = await findWorkspace(tx, project, workspaceId);
    if (Object.keys(input).length === 0) return current;
    const cwd = input.cwd === undefined ? current.cwd : input.cwd;
    const repoUrl = input.repoUrl === undefined ? current.repoUrl : input.repoUrl;
    if (!cwd && !repoUrl) {
      throw new AppError("unprocessable", "A workspace needs a cwd or a repoUrl", [{ path: "cwd", message: "at least one of cwd and repoUrl is required" }]);
    }
    if (input.isPrimary === false && current.isPrimary) {
      throw new AppError("unprocessable", "A project with workspaces always has a primary one: make another workspace primary instead", [
        { path: "isPrimary", message: "cannot unset the primary workspace" },
      ]);
    }
    if (input.isPrimary === true && !current.isPrimary) await demoteOthers(tx, project, current.id);
    const name = input.name === "" ? workspaceName(cwd, repoUrl) : input.name;
    const updated = await tx.projectWorkspace.update({ where: { id: current.id }, data: { ...input, ...(name === undefined ? {} : { name }) } });
    await recordActivity(tx, ctx.actor, {
      companyId: project.companyId, action: "workspace.updated", entityType: "workspace", entityId: current.id,
      details: { projectId: project.id, changed: Object.keys(input) },
    });
    return updated;
  });
  return workspaceDto(row);
}

export async function deleteWorkspace(ctx: ServiceContext, projectId: string, workspaceId: string) {
  const project = await getProjectOrThrow(ctx, projectId, "work.write");
  await inTx(ctx, async (tx) => {
    await lockProject(tx, project);
    const current = await findWorkspace(tx, project, workspaceId);
    await tx.projectWorkspace.delete({ where: { id: current.id } });
    let promotedId: string | null = null;
    if (current.isPrimary) {
      const oldest = await tx.projectWorkspace.findFirst({
        where: { companyId: project.companyId, projectId: project.id }, orderBy: orderByOf(workspaceOrder), select: { id: true },
      });
      if (oldest) await tx.projectWorkspace.update({ where: { id: oldest.id }, data: { isPrimary: true } });
      promotedId = oldest?.id ?? null;
    }
    await recordActivity(tx, ctx.actor, {
      companyId: project.companyId, action: "workspace.deleted", entityType: "workspace", entityId: current.id,
      details: { projectId: project.id, promotedWorkspaceId: promotedId },
    });
  });
}
