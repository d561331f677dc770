// The events of a change to an issue (status, assignee), emitted beside its activity row by every path
// that changes them: a PATCH, a checkout, a release, a review, an agent's termination.
import type { Actor } from "@/lib/auth/actor";
import type { SqlExec } from "@/lib/db/sql-exec";
import { emitEventSql } from "@/lib/services/outbox/emit";

export interface IssueState {
  id: string;
  companyId: string;
  identifier: string;
  title: string;
  status: string;
  assigneeAgentId: string | null;
  assigneeUserId: string | null;
}

/** issue.status_changed and issue.assigned for what differs between `before` and `after`. */
export async function emitIssueChanges(exec: SqlExec, actor: Actor | null, before: IssueState, after: IssueState): Promise<void> {
  const ref = { issueId: after.id, identifier: after.identifier, title: after.title };
  const subject = { type: "issue", id: after.id };
  if (before.status !== after.status) {
    await emitEventSql(exec, actor, { companyId: after.companyId, type: "issue.status_changed", subject, data: { ...ref, from: before.status, to: after.status } });
  }
  if (before.assigneeAgentId !== after.assigneeAgentId || before.assigneeUserId !== after.assigneeUserId) {
    await emitEventSql(exec, actor, {
      companyId: after.companyId, type: "issue.assigned", subject,
      data: { ...ref, assigneeAgentId: after.assigneeAgentId, assigneeUserId: after.assigneeUserId, previousAssigneeAgentId: before.assigneeAgentId, previousAssigneeUserId: before.assigneeUserId },
    });
  }
}
