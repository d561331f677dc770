// What the kanban board may do with a card on its own, whichever way it is moved (drag, keys,
// the Move dialog): the API stays the one judge, this only decides what to show before it answers.
import { isLegalMove, isTerminal, type IssueStatus } from "@/lib/issue-status";
import { humanize } from "@/lib/format";
import type { IssueDto } from "@/lib/queries/issues";

export type MoveKind = "none" | "legal" | "illegal";

/** Whether the board may move the card itself: the spec's table, cancellation, and in_progress's assignee. */
export function moveKind(issue: Pick<IssueDto, "status" | "assigneeAgentId" | "assigneeUserId">, to: IssueStatus): MoveKind {
  if (issue.status === to) return "none";
  if (to === "cancelled") return isTerminal(issue.status) ? "illegal" : "legal";
  if (!isLegalMove(issue.status, to)) return "illegal";
  if (to === "in_progress" && !issue.assigneeAgentId && !issue.assigneeUserId) return "illegal";
  return "legal";
}

/** Why the board expects a refusal, in a few words (the API's own sentence comes if it does refuse). */
export function illegalHint(issue: Pick<IssueDto, "status">, to: IssueStatus): string {
  return isLegalMove(issue.status, to) && to === "in_progress" ? "needs an assignee" : `not from ${humanize(issue.status)}`;
}
