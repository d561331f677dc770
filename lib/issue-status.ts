// The issue status machine, exactly the spec's table, with no imports: the services enforce it and
// the board's controls offer only the moves it allows. Cancellation (any non-terminal state) is
// separate because who may cancel depends on the chain of command (docs/design.md §6).

export const issueStatuses = ["backlog", "todo", "in_progress", "in_review", "blocked", "done", "cancelled"] as const;
export type IssueStatus = (typeof issueStatuses)[number];

export const issuePriorities = ["critical", "high", "medium", "low"] as const;
export type IssuePriority = (typeof issuePriorities)[number];

export const terminalStatuses: readonly IssueStatus[] = ["done", "cancelled"];

const moves: Record<IssueStatus, readonly IssueStatus[]> = {
  backlog: ["todo"],
  todo: ["in_progress"],
  in_progress: ["in_review", "done", "blocked"],
  in_review: ["done", "in_progress"],
  blocked: ["todo", "in_progress"],
  done: [],
  cancelled: [],
};

/** Whether `from → to` is a move of the table (not counting cancellation). */
export function isLegalMove(from: IssueStatus, to: IssueStatus): boolean {
  return moves[from].includes(to);
}

/** The moves of the table out of `from`, in the table's order. */
export const legalMovesFrom = (from: IssueStatus): readonly IssueStatus[] => moves[from];

/** States from which checkout (a move to in_progress) is legal. */
export const checkoutSources: readonly IssueStatus[] = issueStatuses.filter((s) => isLegalMove(s, "in_progress"));

export const isTerminal = (s: IssueStatus) => terminalStatuses.includes(s);

/** Statuses a new issue may start in. */
export const initialStatuses: readonly IssueStatus[] = ["backlog", "todo", "in_progress", "blocked"];
