// Board actions on an agent's status: pause, resume, terminate. Each is one conditional update
// (it applies only from the states it names), so repeats and races cannot corrupt the status.
import type { AgentStatus } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/http/errors";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { agentWithChain, getAgentOrThrow } from "@/lib/services/agents/queries";

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
    return tx.agent.findUniqueOrThrow({ where: { id: agent.id } });
  });
  return agentWithChain(ctx.db, row);
}

export async function resumeAgent(ctx: ServiceContext, ref: string) {
  const agent = await getAgentOrThrow(ctx, ref, "agent.lifecycle");
  if (agent.status === "idle" || agent.status === "running") return agentWithChain(ctx.db, agent);
  const row = await inTx(ctx, async (tx) => {
    const res = await tx.agent.updateMany({
      where: { id: agent.id, status: { in: ["paused", "error"] } },
      data: { status: "idle", pauseReason: null },
    });
    if (res.count === 0) throw transitionError(agent.status, "resumed");
    await recordActivity(tx, ctx.actor, { companyId: agent.companyId, action: "agent.resumed", entityType: "agent", entityId: agent.id });
    return tx.agent.findUniqueOrThrow({ where: { id: agent.id } });
  });
  return agentWithChain(ctx.db, row);
}

/**
 * Frees everything a leaving agent holds, in the caller's transaction: its issues lose the
 * assignee and every lock, and in-progress work goes back to todo for someone else.
 */
export async function releaseAgentWork(tx: Tx, companyId: string, agentId: string) {
  await tx.issue.updateMany({
    where: { companyId, assigneeAgentId: agentId, status: "in_progress" },
    data: { status: "todo", assigneeAgentId: null, checkoutRunId: null, lockedAt: null },
  });
  await tx.issue.updateMany({
    where: { companyId, assigneeAgentId: agentId },
    data: { assigneeAgentId: null, checkoutRunId: null, lockedAt: null },
  });
  await tx.agentKey.updateMany({ where: { companyId, agentId, revokedAt: null }, data: { revokedAt: new Date() } });
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
    await releaseAgentWork(tx, agent.companyId, agent.id);
    // Its reports move up to its own manager, so no one is left reporting to a terminated agent.
    await tx.agent.updateMany({ where: { companyId: agent.companyId, reportsToId: agent.id }, data: { reportsToId: agent.reportsToId } });
    await recordActivity(tx, ctx.actor, { companyId: agent.companyId, action: "agent.terminated", entityType: "agent", entityId: agent.id });
    return tx.agent.findUniqueOrThrow({ where: { id: agent.id } });
  });
  return agentWithChain(ctx.db, row);
}
