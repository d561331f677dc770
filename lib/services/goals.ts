// Goals: the company's objectives as a tree (company > team > agent > task), each optionally owned
// by an agent. Parent links stay inside the company and never form a cycle.
import type { Goal, Prisma } from "@/lib/generated/prisma/client";
import { authorize, companyScope, type Permission } from "@/lib/auth/permissions";
import { AppError, invalidReference, notFound } from "@/lib/http/errors";
import { keysetPage, type ListQuery } from "@/lib/http/pagination";
import { goalDto } from "@/lib/dto/goals";
import type { CreateGoalInput, ListGoalsFilter, UpdateGoalInput } from "@/lib/schemas/goals";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { getCompanyOrThrow } from "@/lib/services/company-scope";
import { assertCompanyAgent } from "@/lib/services/agents/queries";

async function getGoalOrThrow(ctx: ServiceContext, goalId: string, permission: Permission): Promise<Goal> {
  const goal = await ctx.db.goal.findFirst({ where: { id: goalId, ...companyScope(ctx.actor) } });
  if (!goal) throw notFound("Goal");
  authorize(ctx.actor, permission, goal.companyId);
  return goal;
}

/**
 * `parentId` must name a goal of the company that is not `goalId` itself nor one of its
 * descendants. The caller holds the company's goal-tree lock, so two moves cannot close a loop.
 */
async function assertParent(tx: Tx, companyId: string, goalId: string | null, parentId: string | null | undefined) {
  if (parentId === null || parentId === undefined) return;
  const parent = await tx.goal.findFirst({ where: { id: parentId, companyId }, select: { id: true } });
  if (!parent) throw invalidReference("parentId", "Parent goal");
  if (goalId === null) return;
  // UNION (not UNION ALL) stops on repeated rows, so even a corrupt loop upstream terminates.
  const [{ cycle }] = await tx.$queryRaw<{ cycle: boolean }[]>`
    WITH RECURSIVE up AS (
      SELECT id, "parentId" FROM "Goal" WHERE "companyId" = ${companyId}::uuid AND id = ${parentId}::uuid
      UNION
      SELECT g.id, g."parentId" FROM "Goal" g JOIN up ON g.id = up."parentId" WHERE g."companyId" = ${companyId}::uuid
    )
    SELECT EXISTS (SELECT 1 FROM up WHERE id = ${goalId}::uuid) AS cycle`;
  if (cycle) throw new AppError("goal_cycle", "This parent would make the goal its own ancestor", [{ path: "parentId", message: "cycle" }]);
}

/** Serialises re-parenting within one company for the rest of the transaction. */
async function lockGoalTree(tx: Tx, companyId: string) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`goal-tree:${companyId}`}, 0))`;
}

export async function createGoal(ctx: ServiceContext, companyRef: string, input: CreateGoalInput) {
  const company = await getCompanyOrThrow(ctx, companyRef, "work.write");
  const goal = await inTx(ctx, async (tx) => {
    await assertParent(tx, company.id, null, input.parentId);
    await assertCompanyAgent(tx, company.id, input.ownerAgentId, "ownerAgentId");
    const row = await tx.goal.create({
      data: {
        companyId: company.id, title: input.title, description: input.description ?? "", level: input.level, status: input.status,
        parentId: input.parentId ?? null, ownerAgentId: input.ownerAgentId ?? null,
      },
    });
    await recordActivity(tx, ctx.actor, {
      companyId: company.id, action: "goal.created", entityType: "goal", entityId: row.id,
      details: { title: row.title, level: row.level, status: row.status, parentId: row.parentId },
    });
    return row;
  });
  return goalDto(goal);
}

const listOrder = [["createdAt", "asc", "date"], ["id", "asc", "uuid"]] as const;

export async function listGoals(ctx: ServiceContext, companyRef: string, query: ListQuery & ListGoalsFilter) {
  const company = await getCompanyOrThrow(ctx, companyRef, "work.read");
  const where: Prisma.GoalWhereInput = {
    companyId: company.id,
    ...(query.status ? { status: query.status } : {}),
    ...(query.level ? { level: query.level } : {}),
    ...(query.parentId ? { parentId: query.parentId === "null" ? null : query.parentId } : {}),
  };
  return keysetPage(query, listOrder, ({ after, ...page }) => ctx.db.goal.findMany({ where: { ...where, ...after }, ...page }), goalDto);
}

export async function getGoal(ctx: ServiceContext, goalId: string) {
  return goalDto(await getGoalOrThrow(ctx, goalId, "work.read"));
}

export async function updateGoal(ctx: ServiceContext, goalId: string, input: UpdateGoalInput) {
  const current = await getGoalOrThrow(ctx, goalId, "work.write");
  if (Object.keys(input).length === 0) return goalDto(current);
  const updated = await inTx(ctx, async (tx) => {
    if (input.parentId !== undefined && input.parentId !== current.parentId) {
      await lockGoalTree(tx, current.companyId);
      await assertParent(tx, current.companyId, current.id, input.parentId);
    }
    if (input.ownerAgentId !== current.ownerAgentId) await assertCompanyAgent(tx, current.companyId, input.ownerAgentId, "ownerAgentId");
    const row = await tx.goal.update({ where: { id: current.id }, data: input });
    await recordActivity(tx, ctx.actor, {
      companyId: row.companyId, action: "goal.updated", entityType: "goal", entityId: row.id, details: { changed: Object.keys(input) },
    });
    return row;
  });
  return goalDto(updated);
}
