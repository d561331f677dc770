// A routine's runs: the history (newest first), firing by hand ("run now", source api), and a run's
// end when its execution issue is done or cancelled.
import type { RoutineRunStatus } from "@/lib/generated/prisma/client";
import { sqlTx } from "@/lib/db/client";
import { forbidden, notFound } from "@/lib/http/errors";
import { keysetPage, type ListQuery } from "@/lib/http/pagination";
import { routineRunDto } from "@/lib/dto/routines";
import type { Actor } from "@/lib/auth/actor";
import type { ServiceContext, Tx } from "@/lib/services/context";
import { emitEvent } from "@/lib/services/outbox/emit";
import { chainOfCommand } from "@/lib/services/agents/queries";
import { getRoutineOrThrow } from "@/lib/services/routines/crud";
import { fireRoutine, RoutineGone } from "@/lib/services/routines/fire";

const order = [["createdAt", "desc", "date"], ["id", "desc", "uuid"]] as const;

export async function listRoutineRuns(ctx: ServiceContext, routineId: string, query: ListQuery & { status?: RoutineRunStatus }) {
  const routine = await getRoutineOrThrow(ctx, routineId, "routine.read");
  return keysetPage(query, order, ({ after, ...page }) => ctx.db.routineRun.findMany({
    where: { companyId: routine.companyId, routineId: routine.id, ...(query.status ? { status: query.status } : {}), ...after },
    ...page,
  }), routineRunDto);
}

/** A board member, the assignee itself, or an agent above the assignee in the chain of command. */
async function assertMayRun(ctx: ServiceContext, companyId: string, assigneeAgentId: string) {
  const actor = ctx.actor;
  if (actor.kind === "board" || actor.agentId === assigneeAgentId) return;
  const assignee = await ctx.db.agent.findFirst({ where: { companyId, id: assigneeAgentId } });
  if (assignee && (await chainOfCommand(ctx.db, assignee)).some((m) => m.id === actor.agentId)) return;
  throw forbidden("Only the board, the routine's assignee or an agent above it in the chain of command may run it");
}

/** POST /api/routines/:routineId/run: one fire with source api, through the same path as every trigger. */
export async function runRoutineNow(ctx: ServiceContext, routineId: string) {
  const routine = await getRoutineOrThrow(ctx, routineId, "routine.run");
  await assertMayRun(ctx, routine.companyId, routine.assigneeAgentId);
  try {
    const result = await sqlTx((exec) => fireRoutine(exec, {
      companyId: routine.companyId, routineId: routine.id, source: "api", triggerId: null, scheduledFor: null, deliveryId: null,
      payload: {}, timezone: "UTC", actor: ctx.actor, now: new Date(),
    }));
    if (!result) throw notFound("Routine");
    return routineRunDto(result.run);
  } catch (e) {
    if (e instanceof RoutineGone) throw notFound("Routine");
    throw e;
  }
}

/**
 * Ends the runs whose execution issue just reached done (completed) or cancelled (failed), in the
 * transaction of that status change: the one place an issue's status is changed.
 */
export async function closeRoutineRuns(tx: Tx, companyId: string, issueId: string, status: "done" | "cancelled", actor: Actor | null = null) {
  const failing = status === "cancelled"
    ? await tx.routineRun.findMany({ where: { companyId, issueId, status: "issue_created" }, select: { id: true, routineId: true } })
    : [];
  await tx.routineRun.updateMany({
    where: { companyId, issueId, status: "issue_created" },
    data: { status: status === "done" ? "completed" : "failed" },
  });
  for (const run of failing) {
    const routine = await tx.routine.findFirstOrThrow({ where: { companyId, id: run.routineId }, select: { name: true } });
    await emitEvent(tx, actor, {
      companyId, type: "routine.run_failed", subject: { type: "routine", id: run.routineId },
      data: { routineId: run.routineId, routineRunId: run.id, title: routine.name, error: "its execution issue was cancelled" },
    });
  }
}

/** The routine whose fire created an issue, for the issue page's link back; null for other issues. */
export async function routineOfIssue(tx: Tx | ServiceContext["db"], companyId: string, issueId: string) {
  const run = await tx.routineRun.findFirst({
    where: { companyId, issueId, status: { in: ["issue_created", "completed", "failed"] } },
    select: { routineId: true, id: true },
  });
  if (!run) return null;
  const routine = await tx.routine.findFirst({ where: { companyId, id: run.routineId }, select: { id: true, name: true } });
  return routine ? { routineId: routine.id, name: routine.name, runId: run.id } : null;
}
