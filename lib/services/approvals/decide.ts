// The approval state machine (docs/design.md §6): pending → approved | rejected | revision_requested, and
// revision_requested → pending by the requester's resubmit. Each move is a conditional update;
// repeating a decision is a 200 no-op, the other way 422. The side effects commit with the
// decision: a hire's agent turns idle or terminated, and the requesting agent gets a wake.
import type { Approval, ApprovalStatus, Prisma } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/auth/actor";
import { AppError, forbidden } from "@/lib/http/errors";
import { strategyPayloadSchema } from "@/lib/schemas/approvals";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { emitEvent } from "@/lib/services/outbox/emit";
import { prismaExec, requestWake } from "@/lib/services/wakeups";
import { pauseRoutinesOf } from "@/lib/services/routines/crud";
import { releaseAgentWork } from "@/lib/services/agents/lifecycle";
import { applyHirePayload, assertHireConfig, configureHiredAgent, type HireConfig } from "@/lib/services/hires";
import { approvalWithLinks, getApprovalOrThrow, linkedIssueIds } from "@/lib/services/approvals/crud";

type Decision = "approved" | "rejected" | "revision_requested";

const verbs: Record<Decision, string> = { approved: "approved", rejected: "rejected", revision_requested: "sent back for revision" };

/** A hire decided: approved → the agent starts idle; rejected → it is terminated and its keys revoked. */
async function applyHireDecision(tx: Tx, actor: Actor, approval: Approval, decision: Decision) {
  if (approval.type !== "hire_agent" || !approval.subjectAgentId || decision === "revision_requested") return;
  const where = { id: approval.subjectAgentId, companyId: approval.companyId, status: "pending_approval" as const };
  if (decision === "approved") {
    const res = await tx.agent.updateMany({ where, data: { status: "idle" } });
    if (res.count === 0) {
      // terminated (or otherwise decided) while the hire waited: approving would activate nobody
      const agent = await tx.agent.findFirst({ where: { id: approval.subjectAgentId, companyId: approval.companyId }, select: { status: true } });
      throw new AppError("invalid_transition", `The agent of this hire is no longer waiting for approval (it is ${agent?.status ?? "gone"}); reject the hire instead`, {
        agentId: approval.subjectAgentId, agentStatus: agent?.status ?? null,
      });
    }
  } else {
    const res = await tx.agent.updateMany({ where, data: { status: "terminated", pauseReason: null } });
    if (res.count) {
      await releaseAgentWork(tx, approval.companyId, approval.subjectAgentId, actor);
      await pauseRoutinesOf(tx, approval.companyId, approval.subjectAgentId);
    }
  }
}

/** The requesting agent hears of the decision (docs/design.md §8); the runtime maps the payload to SERVICE_APPROVAL_* values. */
async function wakeRequester(tx: Tx, approval: Approval, status: ApprovalStatus) {
  if (!approval.requestedByAgentId) return;
  const requester = await tx.agent.findFirst({
    where: { id: approval.requestedByAgentId, companyId: approval.companyId, status: { notIn: ["terminated", "pending_approval"] } },
    select: { id: true },
  });
  if (!requester) return;
  const issueIds = (await linkedIssueIds(tx, approval.companyId, [approval.id])).get(approval.id) ?? [];
  await requestWake(prismaExec(tx), {
    companyId: approval.companyId, agentId: requester.id, reason: "approval", source: `approval ${status}`,
    approvalId: approval.id, payload: { approvalStatus: status, linkedIssueIds: issueIds },
  });
}

async function decide(ctx: ServiceContext, id: string, decision: Decision, note: string | undefined, config: HireConfig = {}) {
  const approval = await getApprovalOrThrow(ctx, id, "approval.decide");
  const actor = ctx.actor;
  if (actor.kind !== "board") throw forbidden("Only the board decides approvals");
  assertHireConfig(approval, config);
  const row = await inTx(ctx, async (tx) => {
    const res = await tx.approval.updateMany({
      where: { id: approval.id, companyId: approval.companyId, status: "pending" },
      data: { status: decision, decisionNote: note ?? null, decidedByUserId: actor.userId, decidedAt: new Date() },
    });
    const now = await tx.approval.findUniqueOrThrow({ where: { id: approval.id } });
    if (res.count === 0) {
      if (now.status === decision) return now;
      throw new AppError("invalid_transition", `An approval that is ${now.status} cannot be ${verbs[decision]}`, { from: now.status, to: decision });
    }
    await applyHireDecision(tx, actor, now, decision);
    if (decision === "approved") await configureHiredAgent(tx, actor, now, config);
    await recordActivity(tx, actor, {
      companyId: now.companyId, action: `approval.${decision}`, entityType: "approval", entityId: now.id,
      details: { type: now.type, ...(note ? { decisionNote: note } : {}), ...(now.subjectAgentId ? { agentId: now.subjectAgentId } : {}) },
    });
    await emitEvent(tx, actor, {
      companyId: now.companyId, type: "approval.decided", subject: { type: "approval", id: now.id },
      data: { approvalId: now.id, approvalType: now.type, status: decision, decidedByUserId: now.decidedByUserId, decisionNote: now.decisionNote },
    });
    await wakeRequester(tx, now, decision);
    return now;
  });
  return approvalWithLinks(ctx.db, row);
}

export const approveApproval = (ctx: ServiceContext, id: string, note?: string, config?: HireConfig) => decide(ctx, id, "approved", note, config);
export const rejectApproval = (ctx: ServiceContext, id: string, note?: string) => decide(ctx, id, "rejected", note);
export const requestRevision = (ctx: ServiceContext, id: string, note?: string) => decide(ctx, id, "revision_requested", note);

function isRequester(actor: Actor, approval: Approval): boolean {
  if (actor.kind === "agent") return approval.requestedByAgentId === actor.agentId;
  return approval.requestedByUserId !== null && approval.requestedByUserId === actor.userId;
}

/** Validates a revised payload for the approval's type; a hire's revision also revises its pending agent. */
async function revisePayload(tx: Tx, ctx: ServiceContext, approval: Approval, payload: Record<string, unknown>): Promise<Prisma.InputJsonObject> {
  if (approval.type === "approve_ceo_strategy") {
    const res = strategyPayloadSchema.safeParse(payload);
    if (!res.success) {
      throw new AppError("validation_error", "The body does not match the expected fields", res.error.issues.map((i) => ({ path: ["body", "payload", ...i.path.map(String)].join("."), message: i.message })));
    }
    return res.data as Prisma.InputJsonObject;
  }
  return applyHirePayload(tx, ctx, approval, payload);
}

/** POST /api/approvals/:id/resubmit: the requester answers a revision request; a pending one is a no-op. */
export async function resubmitApproval(ctx: ServiceContext, id: string, payload: Record<string, unknown> | undefined) {
  const approval = await getApprovalOrThrow(ctx, id, "approval.read");
  const actor = ctx.actor;
  if (!isRequester(actor, approval)) throw forbidden("Only the requester resubmits an approval");
  if (approval.status === "pending" && payload === undefined) return approvalWithLinks(ctx.db, approval);
  if (approval.status !== "revision_requested") {
    throw new AppError("invalid_transition", `An approval that is ${approval.status} cannot be resubmitted`, { from: approval.status, to: "pending" });
  }
  const row = await inTx(ctx, async (tx) => {
    const data: Prisma.ApprovalUpdateManyMutationInput = { status: "pending", decisionNote: null, decidedByUserId: null, decidedAt: null };
    if (payload !== undefined) data.payload = await revisePayload(tx, ctx, approval, payload);
    const res = await tx.approval.updateMany({ where: { id: approval.id, companyId: approval.companyId, status: "revision_requested" }, data });
    const now = await tx.approval.findUniqueOrThrow({ where: { id: approval.id } });
    if (res.count === 0) {
      throw new AppError("invalid_transition", `An approval that is ${now.status} cannot be resubmitted`, { from: now.status, to: "pending" });
    }
    await recordActivity(tx, actor, {
      companyId: now.companyId, action: "approval.resubmitted", entityType: "approval", entityId: now.id, details: { type: now.type, payloadChanged: payload !== undefined },
    });
    return now;
  });
  return approvalWithLinks(ctx.db, row);
}
