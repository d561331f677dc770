import type { Approval, ApprovalComment } from "@/lib/generated/prisma/client";
import { redactSecrets } from "@/lib/secrets";

export function approvalDto(row: Approval, linkedIssueIds: string[] = []) {
  return {
    id: row.id,
    companyId: row.companyId,
    type: row.type,
    status: row.status,
    requestedByAgentId: row.requestedByAgentId,
    requestedByUserId: row.requestedByUserId,
    // a hire's payload snapshots the adapterConfig asked for
    payload: redactSecrets(row.payload) as Record<string, unknown>,
    subjectAgentId: row.subjectAgentId,
    decisionNote: row.decisionNote,
    decidedByUserId: row.decidedByUserId,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    linkedIssueIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type ApprovalDto = ReturnType<typeof approvalDto>;

export function approvalCommentDto(row: ApprovalComment) {
  return {
    id: row.id,
    approvalId: row.approvalId,
    body: row.body,
    authorAgentId: row.authorAgentId,
    authorUserId: row.authorUserId,
    createdAt: row.createdAt.toISOString(),
  };
}
