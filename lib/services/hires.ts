// Hiring (docs/design.md §6, convention 8): the CEO, a manager or the board asks for a new agent. With the
// company's requireBoardApprovalForNewAgents the agent waits in pending_approval behind a linked
// hire_agent approval whose payload snapshots what was asked; otherwise it starts idle at once.
import type { Approval, Prisma } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/auth/actor";
import { AppError } from "@/lib/http/errors";
import { approvalDto } from "@/lib/dto/approvals";
import { hireSchema, type ApproveApprovalInput, type HireInput } from "@/lib/schemas/approvals";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { emitApprovalCreated } from "@/lib/services/outbox/approval-events";
import { recordActivity } from "@/lib/services/activity";
import { getCompanyOrThrow } from "@/lib/services/company-scope";
import { assertCeoFree, assertNameFree, assertReportsTo, insertAgent } from "@/lib/services/agents/crud";
import { agentWithChain } from "@/lib/services/agents/queries";
import { assertCommandSet, assertConfigValid } from "@/lib/services/agents/config-input";
import { recordConfigRevision } from "@/lib/services/agents/config-revisions";

/** A hire_agent approval's payload: what was asked, as the board sees it. */
export function hireSnapshot(agentId: string, h: HireInput): Prisma.InputJsonObject {
  return {
    agentId, name: h.name, role: h.role, title: h.title ?? "", icon: h.icon ?? null, capabilities: h.capabilities ?? "",
    reportsTo: h.reportsTo ?? null, budgetMonthlyCents: h.budgetMonthlyCents ?? 0, adapterType: h.adapterType,
    ...(h.reason ? { reason: h.reason } : {}),
  };
}

export async function createHire(ctx: ServiceContext, companyRef: string, input: HireInput) {
  const company = await getCompanyOrThrow(ctx, companyRef, "agent.hire");
  const actor = ctx.actor;
  // an agent's hire reports to it unless it names another manager
  const hire: HireInput = { ...input, reportsTo: input.reportsTo !== undefined ? input.reportsTo : actor.kind === "agent" ? actor.agentId : null };
  const gated = company.requireBoardApprovalForNewAgents;
  const { agent, approval } = await inTx(ctx, async (tx) => {
    const { reason: _reason, ...fields } = hire;
    const agent = await insertAgent(tx, ctx, company.id, fields, { status: gated ? "pending_approval" : "idle" });
    if (!gated) return { agent, approval: null };
    const approval = await tx.approval.create({
      data: {
        companyId: company.id, type: "hire_agent", subjectAgentId: agent.id, payload: hireSnapshot(agent.id, hire),
        requestedByAgentId: actor.kind === "agent" ? actor.agentId : null,
        requestedByUserId: actor.kind === "board" ? actor.userId : null,
      },
    });
    await recordActivity(tx, actor, {
      companyId: company.id, action: "approval.created", entityType: "approval", entityId: approval.id, details: { type: "hire_agent", agentId: agent.id, name: agent.name },
    });
    await emitApprovalCreated(tx, actor, approval);
    return { agent, approval };
  });
  return { agent: await agentWithChain(ctx.db, agent), approval: approval ? approvalDto(approval) : null };
}

/** The fields of a hire's payload that a resubmission may revise: those of the hire itself. */
const hireFields = Object.keys(hireSchema.shape);

/**
 * A hire resubmitted with a revised payload: the fields it names replace the requested ones, the
 * others stay as requested before (a revision answers what the board asked about, it does not
 * restate the hire); the result is validated and the waiting agent revised to match.
 */
export async function applyHirePayload(tx: Tx, ctx: ServiceContext, approval: Approval, payload: Record<string, unknown>): Promise<Prisma.InputJsonObject> {
  const before = (approval.payload ?? {}) as Record<string, unknown>;
  const kept = Object.fromEntries(hireFields.filter((k) => before[k] !== undefined && !(k in payload)).map((k) => [k, before[k]]));
  const res = hireSchema.extend({ agentId: hireSchema.shape.reportsTo }).safeParse({ ...kept, ...payload });
  if (!res.success) {
    throw new AppError("validation_error", "The body does not match the expected fields", res.error.issues.map((i) => ({ path: ["body", "payload", ...i.path.map(String)].join("."), message: i.message })));
  }
  const { agentId: _ignored, ...h } = res.data;
  const agentId = approval.subjectAgentId;
  const agent = agentId ? await tx.agent.findFirst({ where: { id: agentId, companyId: approval.companyId, status: "pending_approval" } }) : null;
  if (!agent) throw new AppError("invalid_transition", "The agent of this hire is no longer waiting for approval");
  if (h.name.toLowerCase() !== agent.name.toLowerCase()) await assertNameFree(tx, agent.companyId, h.name, agent.id);
  if (h.role === "ceo" && agent.role !== "ceo") await assertCeoFree(tx, agent.companyId, agent.id);
  const reportsTo = h.reportsTo !== undefined ? h.reportsTo : agent.reportsToId;
  await assertReportsTo(tx, agent.companyId, agent.id, reportsTo, h.role);
  await tx.agent.update({
    where: { id: agent.id },
    data: {
      name: h.name, role: h.role, title: h.title ?? agent.title, icon: h.icon !== undefined ? h.icon : agent.icon,
      capabilities: h.capabilities ?? agent.capabilities, reportsToId: reportsTo, budgetMonthlyCents: h.budgetMonthlyCents ?? agent.budgetMonthlyCents,
    },
  });
  return hireSnapshot(agent.id, { ...h, reportsTo });
}

export type HireConfig = Pick<ApproveApprovalInput, "adapterType" | "adapterConfig">;

/** Refused before anything changes: config on another kind of approval, or a config a PATCH would refuse. */
export function assertHireConfig(approval: Approval, config: HireConfig) {
  if (config.adapterType === undefined && config.adapterConfig === undefined) return;
  if (approval.type !== "hire_agent") {
    throw new AppError("unprocessable", "Only a hire's approval sets what an agent runs", [{ path: "adapterConfig", message: "only for a hire_agent approval" }]);
  }
  assertConfigValid({ adapterConfig: config.adapterConfig });
}

/** The approved hire's agent gets what it runs, as one config revision, in the decision's transaction. */
export async function configureHiredAgent(tx: Tx, actor: Actor, approval: Approval, config: HireConfig) {
  if (!approval.subjectAgentId || (config.adapterType === undefined && config.adapterConfig === undefined)) return;
  const agent = await tx.agent.findFirstOrThrow({ where: { id: approval.subjectAgentId, companyId: approval.companyId } });
  const adapterType = config.adapterType ?? agent.adapterType;
  const adapterConfig = (config.adapterConfig ?? agent.adapterConfig) as Prisma.InputJsonObject;
  assertCommandSet(adapterType, adapterConfig);
  const row = await tx.agent.update({ where: { id: agent.id }, data: { adapterType, adapterConfig } });
  const changed = [...(config.adapterType !== undefined ? ["adapterType"] : []), ...(config.adapterConfig !== undefined ? ["adapterConfig"] : [])];
  await recordConfigRevision(tx, actor, row, changed, "hire approved");
}
