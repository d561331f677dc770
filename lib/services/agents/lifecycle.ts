// Board actions on an agent's status: pause, resume, terminate. Each is one conditional update
// (it applies only from the states it names), so repeats and races cannot corrupt the status.
import type { Agent, AgentStatus } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/http/errors";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import type { Actor } from "@/lib/auth/actor";
import { recordActivity } from "@/lib/services/activity";
import { emitEvent } from "@/lib/services/outbox/emit";
import { emitIssueChanges } from "@/lib/services/outbox/issue-events";
import { prismaExec } from "@/lib/services/wakeups";
import { agentWithChain, getAgentOrThrow } from "@/lib/services/agents/queries";
import { agentsSpendCents, atLimit, companySpendCents } from "@/lib/services/spend";
import { formatCents } from "@/lib/format";
import { pauseRoutinesOf } from "@/lib/services/routines/crud";
import { resetAgentIssues, resetsLiveness } from "@/lib/services/liveness/reset";

const transitionError = (from: AgentStatus, action: string) =>
  new AppError("invalid_transition", `An agent that is ${from} cannot be ${action}`);

export async function pauseAgent(ctx: ServiceContext, ref: string) {
  const agent = await getAgentOrThrow(ctx, ref, "agent.lifecycle");
  if (agent.status === "paused" && agent.pauseReason === "board") return agentWithChain(ctx.db, agent);
  const row = await inTx(ctx, async (tx) => {
    const res = await tx.agent.updateMany({
      where: { id: agent.id, status: { in: ["idle", "running", "error", "paused"] } },
      data: { status: "paused", pauseReason: "board" },
    });
    if (res.count === 0) throw transitionError(agent.status, "paused");
    await recordActivity(tx, ctx.actor, { companyId: agent.companyId, action: "agent.paused", entityType: "agent", entityId: agent.id, details: { reason: "board" } });
    await emitEvent(tx, ctx.actor, { companyId: agent.companyId, type: "agent.paused", subject: { type: "agent", id: agent.id }, data: { agentId: agent.id, name: agent.name, reason: "board" } });
    return tx.agent.findUniqueOrThrow({ where: { id: agent.id } });
  });
  return agentWithChain(ctx.db, row);
}

/**
 * Resuming an agent whose month is spent would only let its next cost event pause it again (or,
 * with no cost reported, let it work past its budget): say so, and where to raise the budget.
 */
async function assertUnderBudget(ctx: ServiceContext, agent: Agent) {
  const company = await ctx.db.company.findUniqueOrThrow({ where: { id: agent.companyId }, select: { budgetMonthlyCents: true } });
  const [agentSpend, companySpent] = await Promise.all([
    agentsSpendCents(ctx.db, agent.companyId, [agent.id]),
    company.budgetMonthlyCents > 0 ? companySpendCents(ctx.db, agent.companyId) : Promise.resolve(0),
  ]);
  const agentSpent = agentSpend.get(agent.id) ?? 0;
  if (atLimit(agentSpent, agent.budgetMonthlyCents)) {
    throw new AppError("budget_exceeded", `${agent.name} has spent ${formatCents(agentSpent)} of its ${formatCents(agent.budgetMonthlyCents)} monthly budget: raise the agent's budget (it resumes by itself) or wait for the new month`, [
      { path: "budgetMonthlyCents", message: `at or over the agent's budget (${formatCents(agentSpent)} of ${formatCents(agent.budgetMonthlyCents)})` },
    ]);
  }
  if (atLimit(companySpent, company.budgetMonthlyCents)) {
    throw new AppError("budget_exceeded", `The company has spent ${formatCents(companySpent)} of its ${formatCents(company.budgetMonthlyCents)} monthly budget: raise the company's budget (its agents resume by themselves) or wait for the new month`, [
      { path: "company.budgetMonthlyCents", message: `at or over the company's budget (${formatCents(companySpent)} of ${formatCents(company.budgetMonthlyCents)})` },
    ]);
  }
}

export async function resumeAgent(ctx: ServiceContext, ref: string) {
  const agent = await getAgentOrThrow(ctx, ref, "agent.lifecycle");
  if (agent.status === "idle" || agent.status === "running") return agentWithChain(ctx.db, agent);
  await assertUnderBudget(ctx, agent);
  const row = await inTx(ctx, async (tx) => {
    const res = await tx.agent.updateMany({
      where: { id: agent.id, status: { in: ["paused", "error"] } },
      data: { status: "idle", pauseReason: null },
    });
    if (res.count === 0) throw transitionError(agent.status, "resumed");
    // a board user's resume is a person's change to each of its issues: their liveness starts afresh
    if (resetsLiveness(ctx.actor)) await resetAgentIssues(tx, agent.companyId, agent.id, new Date());
    await recordActivity(tx, ctx.actor, { companyId: agent.companyId, action: "agent.resumed", entityType: "agent", entityId: agent.id });
    return tx.agent.findUniqueOrThrow({ where: { id: agent.id } });
  });
  return agentWithChain(ctx.db, row);
}

/**
 * Frees everything a leaving agent holds, in the caller's transaction: its issues lose the
 * assignee and every lock, and in-progress work goes back to todo for someone else.
 */
export async function releaseAgentWork(tx: Tx, companyId: string, agentId: string, actor: Actor | null = null) {
  const held = await tx.issue.findMany({ where: { companyId, assigneeAgentId: agentId }, orderBy: { id: "asc" } });
  await tx.issue.updateMany({
    where: { companyId, assigneeAgentId: agentId, status: "in_progress" },
    data: { status: "todo", assigneeAgentId: null, checkoutRunId: null, lockedAt: null },
  });
  await tx.issue.updateMany({
    where: { companyId, assigneeAgentId: agentId },
    data: { assigneeAgentId: null, checkoutRunId: null, lockedAt: null },
  });
  await tx.agentKey.updateMany({ where: { companyId, agentId, revokedAt: null }, data: { revokedAt: new Date() } });
  for (const issue of held) {
    const after = { ...issue, assigneeAgentId: null, status: issue.status === "in_progress" ? "todo" : issue.status };
    await emitIssueChanges(prismaExec(tx), actor, issue, after);
  }
}

export async function terminateAgent(ctx: ServiceContext, ref: string) {
  const agent = await getAgentOrThrow(ctx, ref, "agent.lifecycle");
  if (agent.status === "terminated") return agentWithChain(ctx.db, agent);
  const row = await inTx(ctx, async (tx) => {
    const res = await tx.agent.updateMany({
      where: { id: agent.id, status: { not: "terminated" } },
      data: { status: "terminated", pauseReason: null },
    });
    if (res.count === 0) return tx.agent.findUniqueOrThrow({ where: { id: agent.id } });
    await releaseAgentWork(tx, agent.companyId, agent.id, ctx.actor);
    await pauseRoutinesOf(tx, agent.companyId, agent.id);
    // Its reports move up to its own manager, so no one is left reporting to a terminated agent.
    await tx.agent.updateMany({ where: { companyId: agent.companyId, reportsToId: agent.id }, data: { reportsToId: agent.reportsToId } });
    await recordActivity(tx, ctx.actor, { companyId: agent.companyId, action: "agent.terminated", entityType: "agent", entityId: agent.id });
    return tx.agent.findUniqueOrThrow({ where: { id: agent.id } });
  });
  return agentWithChain(ctx.db, row);
}
