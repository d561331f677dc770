import type { HeartbeatRun, HeartbeatRunStep, IssueStatus, WakeRequest } from "@/lib/generated/prisma/client";
import { redactSecrets } from "@/lib/secrets";

export type WakeSummary = Pick<WakeRequest, "id" | "reason" | "source" | "issueId" | "commentId" | "approvalId">;

/** An issue a run worked on: the one it was woken for, or one it checked out, changed, commented on or created. */
export interface RunIssue {
  id: string;
  identifier: string;
  title: string;
  status: IssueStatus;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function runDto(row: Omit<HeartbeatRun, "log">, wake?: WakeSummary, issues: RunIssue[] = []) {
  return {
    id: row.id,
    companyId: row.companyId,
    agentId: row.agentId,
    wakeRequestId: row.wakeRequestId,
    reason: wake?.reason ?? null,
    source: wake?.source ?? null,
    // the run's own issue: after coalescing, the newest wake's that named one
    issueId: row.issueId ?? wake?.issueId ?? null,
    commentId: wake?.commentId ?? null,
    approvalId: wake?.approvalId ?? null,
    issues,
    status: row.status,
    adapterType: row.adapterType,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    heartbeatAt: iso(row.heartbeatAt),
    durationMs: row.startedAt && row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null,
    exitCode: row.exitCode,
    error: row.error,
    logBytes: row.logBytes,
    // the sum of the run's cost events (kept by the statement recording each, lib/services/costs.ts)
    costCents: row.costCents,
    createdAt: row.createdAt.toISOString(),
  };
}

export type RunDto = ReturnType<typeof runDto>;

/** A transcript step; fields the step does not have are left out (a tool_call has no output…). */
export function runStepDto(row: Omit<HeartbeatRunStep, "companyId" | "runId">) {
  return {
    seq: row.seq,
    at: row.at.toISOString(),
    kind: row.kind,
    ...(row.text !== null ? { text: row.text } : {}),
    ...(row.toolName !== null ? { toolName: row.toolName } : {}),
    // a tool call's arguments may name a credential (the log's text is redacted when written)
    ...(row.input !== null ? { input: redactSecrets(row.input) as typeof row.input } : {}),
    ...(row.output !== null ? { output: redactSecrets(row.output) as typeof row.output } : {}),
    ...(row.isError !== null ? { isError: row.isError } : {}),
  };
}

export type RunStepDto = ReturnType<typeof runStepDto>;
