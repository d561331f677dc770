import type { HeartbeatRun, WakeRequest } from "@/lib/generated/prisma/client";

export type WakeSummary = Pick<WakeRequest, "id" | "reason" | "source" | "issueId" | "commentId" | "approvalId">;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function runDto(row: Omit<HeartbeatRun, "log">, wake?: WakeSummary) {
  return {
    id: row.id,
    companyId: row.companyId,
    agentId: row.agentId,
    wakeRequestId: row.wakeRequestId,
    reason: wake?.reason ?? null,
    source: wake?.source ?? null,
    issueId: wake?.issueId ?? null,
    commentId: wake?.commentId ?? null,
    approvalId: wake?.approvalId ?? null,
    status: row.status,
    adapterType: row.adapterType,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    heartbeatAt: iso(row.heartbeatAt),
    durationMs: row.startedAt && row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null,
    exitCode: row.exitCode,
    error: row.error,
    logBytes: row.logBytes,
    costCents: row.costCents,
    createdAt: row.createdAt.toISOString(),
  };
}

export type RunDto = ReturnType<typeof runDto>;
