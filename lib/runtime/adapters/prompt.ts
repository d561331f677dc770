// The prompt a coding CLI gets: who it is, why it was woken, which task, and where the API is.
import type { ClaimedRun } from "@/lib/runtime/queue";

export function heartbeatPrompt(run: ClaimedRun, env: Record<string, string>): string {
  const lines = [
    `You are ${run.agentName}, an agent of a Charter company. This is one heartbeat (run ${run.runId}).`,
    `Wake reason: ${run.reason}.`,
  ];
  if (run.issueId) lines.push(`Task: issue ${run.issueId} (GET $SERVICE_API_URL/api/issues/${run.issueId}); check it out before working on it.`);
  if (run.commentId) lines.push(`The comment that mentioned you: ${run.commentId}.`);
  if (run.approvalId) lines.push(`Approval ${run.approvalId} was decided: ${env.SERVICE_APPROVAL_STATUS ?? "see the approval"}; linked issues: ${env.SERVICE_LINKED_ISSUE_IDS || "none"}.`);
  if (!run.issueId && !run.approvalId) lines.push("No task was named: list your assigned issues and end the heartbeat if there are none.");
  lines.push(
    "Call the Charter API at $SERVICE_API_URL with the header `Authorization: Bearer $SERVICE_API_KEY`: read GET /api/agents/me first,",
    "then work one task following your instructions, and leave a comment on it before you stop.",
  );
  return lines.join("\n");
}
