// The wake prompt says where a run works: its issue's worktree and branch, or the shared folder.
import { describe, expect, it } from "vitest";
import { heartbeatPrompt } from "@/lib/runtime/adapters/prompt";
import type { ClaimedRun } from "@/lib/runtime/queue";

const run = (workspace?: ClaimedRun["workspace"]): ClaimedRun => ({
  runId: "r1", wakeId: "w1", companyId: "c1", agentId: "a1", agentName: "Ada", adapterType: "claude_local", adapterConfig: {},
  reason: "assignment", issueId: "i1", commentId: null, approvalId: null, payload: {}, token: "t", timeoutSec: 60, executionWorkspaceId: workspace ? "e1" : null, workspace,
});
const wake = { source: null, issue: null, comment: null, approval: null };

describe("the wake prompt's workspace part", () => {
  it("names the worktree, its branch and base; the shared folder; nothing without a workspace", () => {
    const git = heartbeatPrompt(run({ policy: "git_worktree", path: "/ws/worktrees/c1/ABC-1", branch: "charter/ABC-1-login", baseRef: "main", repoUrl: null }), wake);
    expect(git).toContain("## Where you work\nYour working directory is /ws/worktrees/c1/ABC-1 ($SERVICE_WORKSPACE_CWD): this issue's own git worktree, on the branch charter/ABC-1-login (started from main).");
    const shared = heartbeatPrompt(run({ policy: "shared", path: "/srv/site", branch: null, baseRef: null, repoUrl: null }), wake);
    expect(shared).toContain("Your working directory is /srv/site, the project's folder, shared with the project's other issues");
    expect(heartbeatPrompt(run(), wake)).not.toContain("## Where you work");
  });
});
