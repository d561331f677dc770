// A board inbox row (lib/services/inbox.ts) → the item the API answers and the inbox page shows.
// (lib/dto/inbox.ts is the agent's inbox, a different thing.)
import type { BoardInboxItem, InboxItemKind } from "@/lib/schemas/inbox";
import type { StallFacts } from "@/lib/schemas/liveness";
import { describeStall } from "@/lib/dto/stall-sentence";

/** A row of the inbox page statement; timestamps as ISO strings. */
export interface InboxRow {
  kind: InboxItemKind;
  key: string;
  at: string;
  read: boolean;
  approvalType: string | null;
  hireName: string | null;
  runStatus: string | null;
  runError: string | null;
  identifier: string | null;
  issueTitle: string | null;
  issueStatus: string | null;
  commentBody: string | null;
  agentName: string | null;
  agentUrlKey: string | null;
  /** a budget-paused agent's: whose budget paused it (lib/services/budgets.ts budgetPauseScopeSql) */
  budgetScope: string | null;
  pauseReason: string | null;
  userName: string | null;
  routineRunStatus: string | null;
  routineRunReason: string | null;
  routineRunSource: string | null;
  routineId: string | null;
  routineName: string | null;
  workspaceError: string | null;
  workspaceBranch: string | null;
  keptReason: string | null;
  verificationStatus: string | null;
  verificationError: string | null;
  reviewComment: string | null;
  questionPrompt: string | null;
  webhookUrl: string | null;
  stallReason: string | null;
  stallSince: string | null;
  stallFacts: StallFacts | null;
}

/** The id inside an item key (`run:<id>`, `approval:<id>:<ms>`). */
const idOf = (key: string) => key.split(":")[1];

const oneLine = (text: string, max = 160) => {
  const flat = text.replace(/\[([^\]\n]*)\]\([^)\s]*\)/g, "$1").replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

const statusWords: Record<string, string> = {
  backlog: "backlog", todo: "to do", in_progress: "in progress", in_review: "in review", blocked: "blocked", done: "done", cancelled: "cancelled",
};

type Shape = Pick<BoardInboxItem, "title" | "summary"> & { path: string };

const requester = (r: InboxRow) => r.agentName ?? r.userName;
const issueTitle = (r: InboxRow) => `${r.identifier ?? "An issue"} · ${r.issueTitle ?? ""}`.trim();

const shapes: Record<InboxItemKind, (r: InboxRow) => Shape> = {
  question: (r) => ({
    title: `${requester(r) ?? "Someone"} asks on ${r.identifier ?? "an issue"}: ${oneLine(r.questionPrompt ?? "", 120)}`,
    summary: r.issueTitle ? oneLine(r.issueTitle) : undefined,
    path: `issues/${r.identifier}`,
  }),
  approval: (r) => ({
    title: r.approvalType === "hire_agent" ? `Hire ${r.hireName ?? "an agent"}` : "Approve the CEO's strategy",
    summary: requester(r) ? `Requested by ${requester(r)}` : "Waiting for the board's decision",
    path: `approvals/${idOf(r.key)}`,
  }),
  run_failed: (r) => ({
    title: `${r.agentName ?? "A run"}'s run ${r.runStatus === "timed_out" ? "timed out" : "failed"}`,
    summary: r.runError ? oneLine(r.runError) : undefined,
    path: `runs/${idOf(r.key)}`,
  }),
  issue_blocked: (r) => ({
    title: issueTitle(r),
    summary: r.agentName ? `Blocked · assigned to ${r.agentName}` : "Blocked",
    path: `issues/${r.identifier}`,
  }),
  issue_assigned: (r) => ({
    title: issueTitle(r),
    summary: `Assigned to you · ${statusWords[r.issueStatus ?? ""] ?? r.issueStatus}`,
    path: `issues/${r.identifier}`,
  }),
  mention: (r) => ({
    title: `${r.agentName ?? r.userName ?? "Someone"} mentioned you on ${r.identifier}`,
    summary: r.commentBody ? oneLine(r.commentBody) : undefined,
    path: `issues/${r.identifier}`,
  }),
  routine_run: (r) => ({
    title: `${r.routineName ?? "A deleted routine"} ${r.routineRunStatus === "failed" ? "failed: its issue was cancelled" : "was skipped"}`,
    summary: r.routineRunStatus === "failed"
      ? (r.identifier ? `${r.identifier} · ${r.issueTitle ?? ""}`.trim() : undefined)
      : r.routineRunReason === "assignee_paused" ? `${r.agentName ?? "Its agent"} is paused or not running, so the ${r.routineRunSource ?? ""} fire made no issue`.replace("  ", " ")
        : "Missed: no Charter instance was running at its scheduled time",
    path: r.routineName && r.routineId ? `routines/${r.routineId}` : "routines",
  }),
  workspace_error: (r) => ({
    title: `${r.identifier ?? "An issue"}'s workspace could not be made`,
    summary: r.workspaceError ? oneLine(r.workspaceError) : undefined,
    path: `issues/${r.identifier}`,
  }),
  workspace_kept: (r) => ({
    title: `Work kept after ${r.identifier ?? "an issue"} closed${r.workspaceBranch ? ` · ${r.workspaceBranch}` : ""}`,
    summary: r.keptReason ? oneLine(`Not removed: ${r.keptReason}`) : undefined,
    path: r.identifier ? `issues/${r.identifier}` : "workspaces",
  }),
  verification_failed: (r) => ({
    title: `${r.identifier ?? "An issue"}'s verification ${r.verificationStatus === "timed_out" ? "timed out" : "failed"}`,
    summary: r.verificationError ? oneLine(r.verificationError) : r.issueTitle ?? undefined,
    path: `issues/${r.identifier}`,
  }),
  review_escalated: (r) => ({
    title: `${issueTitle(r)}: changes requested 3 times`,
    summary: `${r.agentName ?? "The reviewer"} still asks for changes${r.reviewComment ? `: ${oneLine(r.reviewComment, 120)}` : ""}; the board decides`,
    path: `issues/${r.identifier}`,
  }),
  webhook_disabled: (r) => ({
    title: "A webhook was disabled after 3 days of failures",
    summary: r.webhookUrl ? oneLine(r.webhookUrl) : undefined,
    path: "settings/webhooks",
  }),
  stalled: (r) => ({
    title: issueTitle(r),
    summary: `Not moving: ${describeStall({ reason: r.stallReason ?? "", since: r.stallSince, facts: r.stallFacts })}`,
    path: `issues/${r.identifier}`,
  }),
  agent_paused: (r) => ({
    title: `${r.agentName} is paused`,
    summary: r.pauseReason === "loop" ? "Paused by the loop breaker: it kept waking without getting anywhere"
      : r.budgetScope === "company" ? "Paused: the company is over its monthly budget" : "Paused: over its own monthly budget",
    path: `agents/${r.agentUrlKey}`,
  }),
};

export function inboxItemDto(row: InboxRow, issuePrefix: string): BoardInboxItem {
  const { title, summary, path } = shapes[row.kind](row);
  return { key: row.key, kind: row.kind, title, ...(summary ? { summary } : {}), href: `/${issuePrefix}/${path}`, createdAt: row.at, read: row.read };
}
