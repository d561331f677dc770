import type { Issue, IssueComment } from "@/lib/generated/prisma/client";
import type { WithIsoTimestamps } from "@/lib/db/client";

/** From Prisma (Dates) or from hot-path SQL (ISO strings: isoTimestampTypes). */
type IssueRow = (Issue | WithIsoTimestamps<Issue>) & { labelIds?: string[] };

const iso = (d: Date | string | null) => (d === null ? null : typeof d === "string" ? d : d.toISOString());

export function issueDto(row: IssueRow) {
  return {
    id: row.id,
    companyId: row.companyId,
    identifier: row.identifier,
    number: row.number,
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    parentId: row.parentId,
    projectId: row.projectId,
    goalId: row.goalId,
    assigneeAgentId: row.assigneeAgentId,
    assigneeUserId: row.assigneeUserId,
    createdByAgentId: row.createdByAgentId,
    createdByUserId: row.createdByUserId,
    labelIds: row.labelIds ?? [],
    started_at: iso(row.startedAt),
    completed_at: iso(row.completedAt),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    cancelledAt: iso(row.cancelledAt),
    // the execution lock a checkout takes (the owner is the assignee); cleared by release
    lockedAt: iso(row.lockedAt),
    checkoutRunId: row.checkoutRunId ?? null,
    createdAt: iso(row.createdAt) as string,
    updatedAt: iso(row.updatedAt) as string,
  };
}

export type IssueDto = ReturnType<typeof issueDto>;

export interface ResolvedRef {
  id: string;
  name?: string;
  title?: string;
  description: string;
  status: string;
}

export function commentDto(row: IssueComment) {
  return {
    id: row.id,
    issueId: row.issueId,
    body: row.body,
    authorAgentId: row.authorAgentId,
    authorUserId: row.authorUserId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type CommentDto = ReturnType<typeof commentDto>;
