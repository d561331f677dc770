// Wake requests (DESIGN §8): a record from the moment a trigger fires, so every trigger can be
// checked before any adapter runs. A wake for an agent that already has one queued is recorded as
// coalesced into it: the agent will run once for both.
import type { Prisma, WakeReason } from "@/lib/generated/prisma/client";
import { authorize } from "@/lib/auth/permissions";
import { keysetWhere, orderByOf, toPage, type ListQuery } from "@/lib/http/pagination";
import type { ServiceContext, Tx } from "@/lib/services/context";
import { getAgentOrThrow } from "@/lib/services/agents/queries";

export interface WakeInput {
  companyId: string;
  agentId: string;
  reason: WakeReason;
  source: string;
  issueId?: string | null;
  commentId?: string | null;
  approvalId?: string | null;
  payload?: Prisma.InputJsonObject;
}

export async function requestWake(tx: Tx, input: WakeInput) {
  // serialise wakes of one agent so two triggers cannot both think they are first
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`wake:${input.agentId}`}, 0))`;
  const queued = await tx.wakeRequest.findFirst({
    where: { companyId: input.companyId, agentId: input.agentId, status: "queued" },
    orderBy: { createdAt: "asc" },
    select: { id: true },
  });
  return tx.wakeRequest.create({
    data: {
      companyId: input.companyId, agentId: input.agentId, reason: input.reason, source: input.source,
      issueId: input.issueId ?? null, commentId: input.commentId ?? null, approvalId: input.approvalId ?? null,
      payload: input.payload ?? {},
      status: queued ? "coalesced" : "queued", coalescedIntoId: queued?.id ?? null,
    },
  });
}

export function wakeDto(row: Prisma.WakeRequestGetPayload<object>) {
  return {
    id: row.id,
    agentId: row.agentId,
    companyId: row.companyId,
    reason: row.reason,
    source: row.source,
    issueId: row.issueId,
    commentId: row.commentId,
    approvalId: row.approvalId,
    status: row.status,
    skipReason: row.skipReason,
    coalescedIntoId: row.coalescedIntoId,
    runId: row.runId,
    payload: row.payload,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const order = [["createdAt", "desc", "date"], ["id", "desc", "uuid"]] as const;

export async function listWakeups(ctx: ServiceContext, agentRef: string, query: ListQuery & { status?: "queued" | "coalesced" | "started" | "skipped" }) {
  const agent = await getAgentOrThrow(ctx, agentRef, "agent.read");
  authorize(ctx.actor, "work.read", agent.companyId);
  const rows = await ctx.db.wakeRequest.findMany({
    where: { companyId: agent.companyId, agentId: agent.id, ...(query.status ? { status: query.status } : {}), ...keysetWhere(order, query.cursor) },
    orderBy: orderByOf(order),
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, order, wakeDto);
}
