// Projects: bodies of work serving the company's goals, each with a lead agent, a target date and
// workspaces. goalIds are ordered links to goals of the same company; the first is the goalId.
import type { ProjectStatus } from "@/lib/generated/prisma/client";
import { invalidReference } from "@/lib/http/errors";
import { keysetPage, type ListQuery } from "@/lib/http/pagination";
import type { CreateProjectInput, UpdateProjectInput } from "@/lib/schemas/projects";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { getCompanyOrThrow } from "@/lib/services/company-scope";
import { assertCompanyAgent } from "@/lib/services/agents/queries";
import { getProjectOrThrow, loadProjectDto, lockProject, projectInclude, projectView } from "@/lib/services/projects/queries";
import { insertWorkspace } from "@/lib/services/projects/workspaces";
import { assertMaySetSettings, settingsData } from "@/lib/services/projects/settings";

/** The goal list a body asks for: goalIds, or the goalId shorthand; undefined leaves the links alone. */
function requestedGoalIds(input: { goalIds?: string[]; goalId?: string | null }): string[] | undefined {
  if (input.goalIds) return input.goalIds;
  if (input.goalId === undefined) return undefined;
  return input.goalId === null ? [] : [input.goalId];
}

async function assertGoals(tx: Tx, companyId: string, goalIds: string[], viaShorthand: boolean) {
  if (goalIds.length === 0) return;
  const found = new Set((await tx.goal.findMany({ where: { companyId, id: { in: goalIds } }, select: { id: true } })).map((g) => g.id));
  const i = goalIds.findIndex((id) => !found.has(id));
  if (i >= 0) throw invalidReference(viaShorthand ? "goalId" : `goalIds.${i}`, `Goal ${goalIds[i]}`);
}

const goalLinks = (companyId: string, goalIds: string[]) => goalIds.map((goalId, position) => ({ companyId, goalId, position }));

const toDate = (d: string | null | undefined) => (d ? new Date(`${d}T00:00:00Z`) : null);

export async function createProject(ctx: ServiceContext, companyRef: string, input: CreateProjectInput) {
  const company = await getCompanyOrThrow(ctx, companyRef, "work.write");
  assertMaySetSettings(ctx.actor, input);
  const goalIds = requestedGoalIds(input) ?? [];
  return inTx(ctx, async (tx) => {
    await assertGoals(tx, company.id, goalIds, input.goalIds === undefined);
    await assertCompanyAgent(tx, company.id, input.leadAgentId, "leadAgentId");
    const project = await tx.project.create({
      data: {
        companyId: company.id, name: input.name, description: input.description ?? "", status: input.status,
        leadAgentId: input.leadAgentId ?? null, targetDate: toDate(input.targetDate),
        goals: { create: goalLinks(company.id, goalIds) },
        ...(await settingsData(tx, company.id, input)),
      },
    });
    await recordActivity(tx, ctx.actor, {
      companyId: company.id, action: "project.created", entityType: "project", entityId: project.id,
      details: { name: project.name, status: project.status, goalIds },
    });
    if (input.workspace) await insertWorkspace(tx, ctx.actor, project, input.workspace);
    return loadProjectDto(tx, project);
  });
}

const listOrder = [["createdAt", "asc", "date"], ["id", "asc", "uuid"]] as const;

export async function listProjects(ctx: ServiceContext, companyRef: string, query: ListQuery & { status?: ProjectStatus }) {
  const company = await getCompanyOrThrow(ctx, companyRef, "work.read");
  return keysetPage(query, listOrder, ({ after, ...page }) => ctx.db.project.findMany({
    where: { companyId: company.id, ...(query.status ? { status: query.status } : {}), ...after },
    include: projectInclude,
    ...page,
  }), projectView);
}

export async function getProject(ctx: ServiceContext, projectId: string, inCompany?: string) {
  return loadProjectDto(ctx.db, await getProjectOrThrow(ctx, projectId, "work.read", inCompany));
}

export async function updateProject(ctx: ServiceContext, projectId: string, input: UpdateProjectInput) {
  const current = await getProjectOrThrow(ctx, projectId, "work.write");
  assertMaySetSettings(ctx.actor, input);
  if (Object.keys(input).length === 0) return loadProjectDto(ctx.db, current);
  const goalIds = requestedGoalIds(input);
  const { goalIds: _ids, goalId: _id, targetDate, workspacePolicy: _p, branchTemplate: _b, verification: _v, review: _r, ...fields } = input;
  return inTx(ctx, async (tx) => {
    await lockProject(tx, current);
    if (goalIds) await assertGoals(tx, current.companyId, goalIds, input.goalIds === undefined);
    if (input.leadAgentId !== current.leadAgentId) await assertCompanyAgent(tx, current.companyId, input.leadAgentId, "leadAgentId");
    await tx.project.update({
      where: { id: current.id },
      data: {
        ...fields, ...(targetDate === undefined ? {} : { targetDate: toDate(targetDate) }),
        ...(await settingsData(tx, current.companyId, input)), updatedAt: new Date(),
      },
    });
    if (goalIds) {
      await tx.projectGoal.deleteMany({ where: { companyId: current.companyId, projectId: current.id } });
      await tx.projectGoal.createMany({ data: goalLinks(current.companyId, goalIds).map((l) => ({ ...l, projectId: current.id })) });
    }
    await recordActivity(tx, ctx.actor, {
      companyId: current.companyId, action: "project.updated", entityType: "project", entityId: current.id,
      details: { changed: Object.keys(input), ...(goalIds ? { goalIds } : {}) },
    });
    return loadProjectDto(tx, current);
  });
}
