// The prompt a coding CLI gets on each wake: who it is, why it was woken, and everything the wake
// already knows (the issue, the comment, the approval), so the agent needs no request to learn it.
// Each part is bounded (PART_MAX characters) and cut visibly. No secret goes in: the run key and
// the env values are only in the environment, and the caller redacts the prompt besides.
import type { ClaimedRun } from "@/lib/runtime/queue";
import type { WakeContext } from "@/lib/runtime/wake-context";

export const PART_MAX = 8192;
const MAX_LINKED_ISSUES = 50;

/** `text` kept to `max` characters, with a visible note of what was cut. */
export function bounded(text: string, max = PART_MAX): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n[… cut, ${text.length - max} more characters …]`;
}

const line = (text: string) => bounded(text.replace(/\s+/g, " ").trim(), 500);

function whyWoken(run: ClaimedRun, wake: WakeContext): string {
  const source = wake.source ? ` (${line(wake.source)})` : "";
  switch (run.reason) {
    case "assignment": return run.payload.wakeReason === "changes_requested"
      ? "Reason: assignment. The reviewer asked for changes to the issue below: make them, commit, and move it to in_review again."
      : "Reason: assignment. The issue below was assigned to you.";
    case "review_requested": return "Reason: review_requested. You are the reviewer of the issue below: read its changes, then POST /api/issues/:issueId/review with verdict approve, or request_changes and a comment.";
    case "mention": {
      const who = wake.comment ? `${wake.comment.authorName ?? "someone"} (${wake.comment.authorKind === "user" ? "a board user" : wake.comment.authorKind})` : "someone";
      return `Reason: mention. ${who} mentioned you in a comment${wake.issue ? ` on ${wake.issue.identifier}` : ""}.`;
    }
    case "approval": return "Reason: approval. An approval you are concerned with was decided.";
    case "question_answered": return `Reason: question_answered. The board's outcome of a question you asked: ${line(String(run.payload.outcome ?? "unknown"))}.`;
    case "timer": return `Reason: timer. Your scheduled heartbeat${source}.`;
    case "manual": return `Reason: manual. The board started this run${source}.`;
    default: return `Reason: ${run.reason}${source}.`;
  }
}

function issuePart(wake: WakeContext): string[] {
  const i = wake.issue;
  if (!i) return [];
  const parent = i.parent ? ` · Parent: ${i.parent.identifier} — ${line(i.parent.title)}` : "";
  return [
    `## The task: ${i.identifier} — ${line(i.title)}`,
    `Status: ${i.status} · Priority: ${i.priority}${parent}`,
    `Issue id: ${i.id} (GET $SERVICE_API_URL/api/issues/${i.id}). Check it out before working on it.`,
    "",
    "Description:",
    i.description.trim() ? bounded(i.description.trim()) : "(none)",
  ];
}

function commentPart(wake: WakeContext): string[] {
  const c = wake.comment;
  if (!c) return [];
  const who = `${c.authorName ?? "unknown"} (${c.authorKind === "user" ? "board user" : c.authorKind})`;
  return [`## The comment that woke you (${c.id})`, `From: ${who}`, "", bounded(c.body)];
}

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

/** What a review is about (the diff summary), or what the reviewer asked for. */
function reviewPart(run: ClaimedRun): string[] {
  const p = run.payload;
  if (run.reason === "review_requested") {
    const where = [str(p.branch) && `Branch: ${str(p.branch)}`, str(p.headSha) && `Head: ${str(p.headSha)}`].filter(Boolean).join(" · ");
    return ["## The changes to review", ...(where ? [where] : []), "", bounded(str(p.diffSummary) ?? "(no summary)")];
  }
  const comment = p.wakeReason === "changes_requested" ? str(p.reviewComment) : null;
  return comment ? ["## The reviewer's request", bounded(comment)] : [];
}

function approvalPart(run: ClaimedRun, wake: WakeContext): string[] {
  const a = wake.approval;
  if (!a) return run.approvalId ? [`## The approval ${run.approvalId}`, "(not found)"] : [];
  const issues = a.issues.slice(0, MAX_LINKED_ISSUES).map((i) => `- ${i.identifier} — ${line(i.title)}`);
  if (a.issues.length > MAX_LINKED_ISSUES) issues.push(`[… cut, ${a.issues.length - MAX_LINKED_ISSUES} more issues …]`);
  return [
    `## The approval ${a.id}`,
    `Type: ${a.type} · Status: ${a.status}`,
    `Decision note: ${a.decisionNote?.trim() ? bounded(a.decisionNote.trim()) : "(none)"}`,
    "Linked issues:",
    ...(issues.length ? issues : ["(none)"]),
  ];
}

/** The question a question_answered wake settles, and what the board said (or that it did not). */
function questionPart(run: ClaimedRun, wake: WakeContext): string[] {
  if (run.reason !== "question_answered") return [];
  const p = run.payload;
  const q = wake.question;
  const option = q?.options.find((o) => o.id === p.optionId);
  const chosen = str(p.optionId) ? `${option ? line(option.label) : "?"} (option ${str(p.optionId)})` : "(no option)";
  return [
    `## Your question ${str(p.questionId) ?? ""}`,
    q ? bounded(q.prompt) : "(not found)",
    "",
    `Outcome: ${str(p.outcome) ?? "unknown"}${p.outcome === "expired" ? " (no answer in time; the default option, if any, applied)" : ""}`,
    `Chosen: ${chosen}`,
    `${p.outcome === "declined" ? "The board's reason" : "The board's words"}: ${str(p.text) ? bounded(str(p.text) as string) : "(none)"}`,
  ];
}

function workspacePart(run: ClaimedRun): string[] {
  const ws = run.workspace;
  if (!ws) return [];
  if (ws.policy === "shared") {
    return ["## Where you work", `Your working directory is ${ws.path}, the project's folder, shared with the project's other issues ($SERVICE_WORKSPACE_CWD).`];
  }
  return [
    "## Where you work",
    `Your working directory is ${ws.path} ($SERVICE_WORKSPACE_CWD): this issue's own git worktree, on the branch ${ws.branch} (started from ${ws.baseRef ?? "the default branch"}${ws.repoUrl ? ` of ${ws.repoUrl}` : ""}).`,
    "Work and commit there: every later run of this issue, whoever runs it, comes back to this worktree and finds what you left.",
  ];
}

export function heartbeatPrompt(run: ClaimedRun, wake: WakeContext): string {
  const parts = [
    [`You are ${run.agentName}, an agent of a Charter company. This is one heartbeat (run ${run.runId}).`, whyWoken(run, wake)],
    issuePart(wake),
    workspacePart(run),
    commentPart(wake),
    reviewPart(run),
    approvalPart(run, wake),
    questionPart(run, wake),
  ];
  if (!run.issueId && !run.approvalId) parts.push(["No task was named: list your assigned issues (your inbox) and end the heartbeat if there are none."]);
  parts.push([
    "## How to act",
    "Call the Charter API at $SERVICE_API_URL with the header `Authorization: Bearer $SERVICE_API_KEY`, following the Charter skill's heartbeat procedure:",
    "work one task, and leave a comment on it before you stop. What is written above is current as of this wake; do not fetch it again unless you need more.",
  ]);
  return parts.filter((p) => p.length > 0).map((p) => p.join("\n")).join("\n\n");
}
