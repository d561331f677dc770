// Routines: create, list, read, change and delete. A routine's assignee is a live agent of its own
// company (another company's agent is simply not found: 404); project, goal and parent issue follow
// the issue rules (422 invalid_reference).
import type { Prisma, Routine, RoutineRun } from "@/lib/generated/prisma/client";
import { authorize, companyScope, type Permission } from "@/lib/auth/permissions";
import { invalidReference, notFound } from "@/lib/http/errors";
import { keysetPage, type ListQuery } from "@/lib/http/pagination";
import { routineDto } from "@/lib/dto/routines";
import type { CreateRoutineInput, ListRoutinesFilter, UpdateRoutineInput } from "@/lib/schemas/routines";
import type { Db } from "@/lib/db/client";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { recordActivities, recordActivity } from "@/lib/services/activity";
import { getCompanyOrThrow } from "@/lib/services/company-scope";

export const DEFAULT_TITLE_TEMPLATE = "{{routine}} {{date}}";

export async function getRoutineOrThrow(ctx: ServiceContext, routineId: string, permission: Permission, db: Db | Tx = ctx.db, inCompany?: string): Promise<Routine> {
  const routine = await db.routine.findFirst({ where: { id: routineId, ...companyScope(ctx.actor, inCompany) } });
  if (!routine) throw notFound("Routine");
  authorize(ctx.actor, permission, routine.companyId);
  return routine;
}

/** The assignee must be an agent of this company (404 otherwise, as for any id of another company) that is not terminated. */
async function assertAssignee(db: Db | Tx, companyId: string, agentId: string) {
  const agent = await db.agent.findFirst({ where: { id: agentId, companyId }, select: { status: true } });
  if (!agent) throw notFound("Agent");
  if (agent.status === "terminated") throw invalidReference("body.assigneeAgentId", "Live agent");
}

/** Project, goal and parent issue must be the company's (422 invalid_reference, as for an issue). */
async function assertRoutineRefs(db: Db | Tx, companyId: string, input: Partial<CreateRoutineInput>) {
  const need = async (id: string | null | undefined, path: string, what: string, find: (id: string) => Promise<unknown>) => {
    if (id && !(await find(id))) throw invalidReference(path, what);
  };
  if (input.assigneeAgentId) await assertAssignee(db, companyId, input.assigneeAgentId);
  await Promise.all([
    need(input.projectId, "body.projectId", "Project", (id) => db.project.findFirst({ where: { id, companyId }, select: { id: true } })),
    need(input.goalId, "body.goalId", "Goal", (id) => db.goal.findFirst({ where: { id, companyId }, select: { id: true } })),
    need(input.parentIssueId, "body.parentIssueId", "Parent issue", (id) => db.issue.findFirst({ where: { id, companyId }, select: { id: true } })),
  ]);
}

/** Routines as the API shows them: with their triggers and their latest run, in two queries for any number of routines. */
async function routineDtos(db: Db | Tx, rows: Routine[], base: string) {
  if (rows.length === 0) return [];
  const companyId = rows[0].companyId;
  const ids = rows.map((r) => r.id);
  const [triggers, lastRuns] = await Promise.all([
    db.routineTrigger.findMany({ where: { companyId, routineId: { in: ids } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.$queryRaw<RoutineRun[]>`
      SELECT DISTINCT ON ("routineId") * FROM "RoutineRun"
       WHERE "companyId" = ${companyId}::uuid AND "routineId" = ANY(${ids}::uuid[])
       ORDER BY "routineId", "createdAt" DESC, id DESC`,
  ]);
  const last = new Map(lastRuns.map((r) => [r.routineId, r]));
  return rows.map((r) => routineDto(r, triggers.filter((t) => t.routineId === r.id), last.get(r.id) ?? null, base));
}

const routineDtoOf = async (db: Db | Tx, row: Routine, base: string) => (await routineDtos(db, [row], base))[0];

export async function createRoutine(ctx: ServiceContext, companyRef: string, input: CreateRoutineInput, base: string) {
  const company = await getCompanyOrThrow(ctx, companyRef, "routine.write");
  await assertRoutineRefs(ctx.db, company.id, input);
  const row = await inTx(ctx, async (tx) => {
    const created = await tx.routine.create({
      data: {
        companyId: company.id, name: input.name, description: input.description ?? "", assigneeAgentId: input.assigneeAgentId,
        projectId: input.projectId ?? null, goalId: input.goalId ?? null, parentIssueId: input.parentIssueId ?? null,
        titleTemplate: input.titleTemplate ?? DEFAULT_TITLE_TEMPLATE, priority: input.priority, status: input.status,
        concurrencyPolicy: input.concurrencyPolicy, catchUpPolicy: input.catchUpPolicy,
        createdByAgentId: ctx.actor.kind === "agent" ? ctx.actor.agentId : null, createdByUserId: ctx.actor.kind === "board" ? ctx.actor.userId : null,
      },
    });
    await recordActivity(tx, ctx.actor, {
      companyId: company.id, action: "routine.created", entityType: "routine", entityId: created.id,
      details: { name: created.name, assigneeAgentId: created.assigneeAgentId },
    });
    return created;
  });
  return routineDtoOf(ctx.db, row, base);
}

const listOrder = [["createdAt", "asc", "date"], ["id", "asc", "uuid"]] as const;

export async function listRoutines(ctx: ServiceContext, companyRef: string, query: ListQuery & ListRoutinesFilter, base: string) {
  const company = await getCompanyOrThrow(ctx, companyRef, "routine.read");
  const where: Prisma.RoutineWhereInput = {
    companyId: company.id,
    ...(query.status ? { status: query.status } : {}),
    ...(query.assigneeAgentId ? { assigneeAgentId: query.assigneeAgentId } : {}),
  };
  const page = await keysetPage(query, listOrder, ({ after, ...page }) => ctx.db.routine.findMany({ where: { ...where, ...after }, ...page }));
  return { ...page, items: await routineDtos(ctx.db, page.items, base) };
}

/** inCompany: the board page's company; a routine of another company is then not found. */
export async function getRoutine(ctx: ServiceContext, routineId: string, base: string, inCompany?: string) {
  return routineDtoOf(ctx.db, await getRoutineOrThrow(ctx, routineId, "routine.read", ctx.db, inCompany), base);
}

export async function updateRoutine(ctx: ServiceContext, routineId: string, input: UpdateRoutineInput, base: string) {
  const current = await getRoutineOrThrow(ctx, routineId, "routine.write");
  if (Object.keys(input).length === 0) return routineDtoOf(ctx.db, current, base);
  // resuming checks the assignee again: it may have been terminated while the routine was paused
  const assignee = input.assigneeAgentId ?? (input.status === "active" ? current.assigneeAgentId : undefined);
  await assertRoutineRefs(ctx.db, current.companyId, { ...input, assigneeAgentId: assignee });
  const row = await inTx(ctx, async (tx) => {
    const updated = await tx.routine.update({ where: { id: current.id }, data: input });
    const action = input.status && input.status !== current.status ? (input.status === "paused" ? "routine.paused" : "routine.resumed") : "routine.updated";
    await recordActivity(tx, ctx.actor, { companyId: current.companyId, action, entityType: "routine", entityId: current.id, details: { changed: Object.keys(input) } });
    return updated;
  });
  return routineDtoOf(ctx.db, row, base);
}

/** Deletes a routine and its triggers (their webhook URLs then answer 404); its runs stay as history. */
export async function deleteRoutine(ctx: ServiceContext, routineId: string) {
  const current = await getRoutineOrThrow(ctx, routineId, "routine.write");
  await inTx(ctx, async (tx) => {
    // triggers before the routine: the scheduler locks a trigger, then its routine
    await tx.routineTrigger.deleteMany({ where: { companyId: current.companyId, routineId: current.id } });
    const res = await tx.routine.deleteMany({ where: { companyId: current.companyId, id: current.id } });
    if (res.count === 0) throw notFound("Routine");
    await recordActivity(tx, ctx.actor, { companyId: current.companyId, action: "routine.deleted", entityType: "routine", entityId: current.id, details: { name: current.name } });
  });
}

/**
 * Pauses the active routines assigned to an agent that is leaving (terminated), in the caller's
 * transaction, each with an activity row; they resume only with a live assignee.
 */
export async function pauseRoutinesOf(tx: Tx, companyId: string, agentId: string) {
  const routines = await tx.routine.findMany({ where: { companyId, assigneeAgentId: agentId, status: "active" }, select: { id: true, name: true } });
  if (routines.length === 0) return [];
  await tx.routine.updateMany({ where: { companyId, id: { in: routines.map((r) => r.id) }, status: "active" }, data: { status: "paused" } });
  await recordActivities(tx, null, routines.map((r) => ({
    companyId, action: "routine.paused", entityType: "routine", entityId: r.id, details: { reason: "assignee_terminated", agentId },
  })));
  return routines;
}
