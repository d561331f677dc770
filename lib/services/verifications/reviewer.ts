// The reviewer agent's wake (reason review_requested), with what the issue's branch changed: its
// commits and `git diff --stat` from the workspace's base, in the payload and so in the prompt.
import type { SqlExec } from "@/lib/db/sql-exec";
import { requestWake } from "@/lib/services/wakeups";
import { diffSummary } from "@/lib/services/verifications/git";

interface Workspace {
  path: string | null;
  branch: string | null;
  baseSha: string | null;
}

export async function wakeReviewer(
  exec: SqlExec, issue: { id: string; companyId: string; identifier: string }, reviewerAgentId: string, ws: Workspace | null, headSha: string | null,
): Promise<void> {
  const summary = await diffSummary(ws?.path ?? null, ws?.baseSha ?? null);
  await requestWake(exec, {
    companyId: issue.companyId, agentId: reviewerAgentId, reason: "review_requested", source: `review of ${issue.identifier}`, issueId: issue.id,
    payload: {
      taskId: issue.id, wakeReason: "review_requested", diffSummary: summary || "(no changes read from the workspace)",
      ...(ws?.branch ? { branch: ws.branch } : {}), ...(headSha ? { headSha } : {}),
    },
  });
}
