// The wake prompt of a reviewer (the diff summary) and of an assignee sent back by a review (the comment).
import { describe, expect, it } from "vitest";
import { heartbeatPrompt } from "@/lib/runtime/adapters/prompt";
import type { ClaimedRun } from "@/lib/runtime/queue";
import type { WakeContext } from "@/lib/runtime/wake-context";

const wake: WakeContext = {
  source: null, comment: null, approval: null,
  issue: { id: "i1", identifier: "ACME-7", title: "Add search", status: "in_review", priority: "high", description: "", parent: null },
};
const run = (reason: string, payload: Record<string, unknown>) => ({
  runId: "r1", wakeId: "w1", companyId: "c1", agentId: "a1", agentName: "Rev", adapterType: "claude_local", adapterConfig: {},
  reason, issueId: "i1", commentId: null, approvalId: null, payload, token: "t", timeoutSec: 60,
}) as unknown as ClaimedRun;

describe("review prompts", () => {
  it("a reviewer's prompt carries the diff summary, branch and head", () => {
    const p = heartbeatPrompt(run("review_requested", { diffSummary: "Commits:\nabc1234 Add search\n\nChanges:\n search.ts | 40 +++", branch: "charter/acme-7", headSha: "abc1234def" }), wake);
    expect(p).toContain("Reason: review_requested");
    expect(p).toContain("## The changes to review");
    expect(p).toContain("Branch: charter/acme-7 · Head: abc1234def");
    expect(p).toContain("search.ts | 40 +++");
  });

  it("an assignee sent back by a review reads the reviewer's request; a plain assignment does not", () => {
    const back = heartbeatPrompt(run("assignment", { wakeReason: "changes_requested", reviewComment: "Add a test for empty queries" }), wake);
    expect(back).toContain("The reviewer asked for changes");
    expect(back).toContain("## The reviewer's request\nAdd a test for empty queries");
    const plain = heartbeatPrompt(run("assignment", {}), wake);
    expect(plain).toContain("The issue below was assigned to you.");
    expect(plain).not.toContain("reviewer");
  });
});
