import type { Issue, IssueComment } from "@/lib/generated/prisma/client";
import type { WithIsoTimestamps } from "@/lib/db/client";
import type { StallReason } from "@/lib/generated/prisma/enums";
import type { Liveness, StallFacts } from "@/lib/schemas/liveness";

/**
 * The issue's IssueStall row as a read joins it (null columns: moving). A row without them (a
 * create's or a checkout's answer, on their hot paths) has no `liveness`.
 */
export interface StallColumns { stallReason: string | null; stallSince: Date | string | null; stallFacts: unknown }

/** From Prisma (Dates) or from hot-path SQL (ISO strings: isoTimestampTypes). */
type IssueRow = (Issue | WithIsoTimestamps<Issue>) & { labelIds?: string[]; blockedByIssueIds?: string[] } & Partial<StallColumns>;

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
    ...(row.stallReason === undefined ? {} : { liveness: livenessDto(row as StallColumns) }),
    // one issue's answers carry its blockers; list rows (issueJson's bytes) leave them out
    ...(row.blockedByIssueIds ? { blockedByIssueIds: row.blockedByIssueIds } : {}),
  };
}

/** The `liveness` of an issue from its stall columns. */
function livenessDto(row: StallColumns): Liveness {
  if (row.stallReason === null) return { state: "moving" };
  return { state: "stalled", reason: row.stallReason as StallReason, since: iso(row.stallSince) as string, facts: (row.stallFacts ?? {}) as StallFacts };
}

export type IssueDto = ReturnType<typeof issueDto>;

/** The columns of issueJson's rows, in order (labelIds: the issue's label ids as an array). */
export const issueJsonColumns = [
  "id", "companyId", "identifier", "number", "title", "description", "status", "priority", "parentId", "projectId", "goalId",
  "assigneeAgentId", "assigneeUserId", "createdByAgentId", "createdByUserId", "labelIds", "startedAt", "completedAt",
  "cancelledAt", "lockedAt", "checkoutRunId", "createdAt", "updatedAt", "stallReason", "stallSince", "stallFacts",
] as const;

type Id = string;
type Time = string;
/** A row of issueJsonColumns read in array mode with isoTimestampTypes (timestamps as ISO strings); more columns may follow. */
export type IssueJsonRow = [
  id: Id, companyId: Id, identifier: string, number: number, title: string, description: string, status: string, priority: string,
  parentId: Id | null, projectId: Id | null, goalId: Id | null, assigneeAgentId: Id | null, assigneeUserId: Id | null,
  createdByAgentId: Id | null, createdByUserId: Id | null, labelIds: Id[], startedAt: Time | null, completedAt: Time | null,
  cancelledAt: Time | null, lockedAt: Time | null, checkoutRunId: Id | null, createdAt: Time, updatedAt: Time,
  stallReason: string | null, stallSince: Time | null, stallFacts: unknown, ...more: unknown[],
];

/** A uuid, an enum value or an ISO timestamp: characters JSON never escapes, so quoting is all they need. */
const plain = (v: string | null) => (v === null ? "null" : `"${v}"`);
const text = JSON.stringify;

/**
 * `JSON.stringify(issueDto(row))`, the same bytes, written straight from an array row: the issue list
 * agents read every heartbeat writes 50 of these a page, and building 50 DTO objects to stringify them
 * cost more than writing the text (tests/unit/issue-json.test.ts holds the two equal).
 */
export function issueJson(r: IssueJsonRow): string {
  const [
    id, companyId, identifier, number, title, description, status, priority, parentId, projectId, goalId, assigneeAgentId, assigneeUserId,
    createdByAgentId, createdByUserId, labelIds, startedAt, completedAt, cancelledAt, lockedAt, checkoutRunId, createdAt, updatedAt,
    stallReason, stallSince, stallFacts,
  ] = r;
  const liveness = stallReason === null ? `{"state":"moving"}`
    : `{"state":"stalled","reason":${plain(stallReason)},"since":${plain(stallSince)},"facts":${text(stallFacts ?? {})}}`;
  return `{"id":${plain(id)},"companyId":${plain(companyId)},"identifier":${text(identifier)},"number":${number},"title":${text(title)},\
"description":${text(description)},"status":${plain(status)},"priority":${plain(priority)},"parentId":${plain(parentId)},\
"projectId":${plain(projectId)},"goalId":${plain(goalId)},"assigneeAgentId":${plain(assigneeAgentId)},"assigneeUserId":${plain(assigneeUserId)},\
"createdByAgentId":${plain(createdByAgentId)},"createdByUserId":${plain(createdByUserId)},"labelIds":${text(labelIds)},\
"started_at":${plain(startedAt)},"completed_at":${plain(completedAt)},"startedAt":${plain(startedAt)},"completedAt":${plain(completedAt)},\
"cancelledAt":${plain(cancelledAt)},"lockedAt":${plain(lockedAt)},"checkoutRunId":${plain(checkoutRunId)},"createdAt":${plain(createdAt)},\
"updatedAt":${plain(updatedAt)},"liveness":${liveness}}`;
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
