// The wake prompt of an agent whose question the board answered, declined or let expire.
import { describe, expect, it } from "vitest";
import { heartbeatPrompt } from "@/lib/runtime/adapters/prompt";
import type { ClaimedRun } from "@/lib/runtime/queue";
import type { WakeContext } from "@/lib/runtime/wake-context";

const wake: WakeContext = {
  source: null, comment: null, approval: null, issue: null,
  question: { id: "q1", prompt: "Which database?", options: [{ id: "pg", label: "PostgreSQL" }, { id: "sqlite", label: "SQLite" }] },
};
const run = (payload: Record<string, unknown>) => ({
  runId: "r1", wakeId: "w1", companyId: "c1", agentId: "a1", agentName: "Eng", adapterType: "claude_local", adapterConfig: {},
  reason: "question_answered", issueId: "i1", commentId: null, approvalId: null, payload, token: "t", timeoutSec: 60,
}) as unknown as ClaimedRun;

describe("question prompts", () => {
  it("an answer names the question, the chosen option's label and the board's words", () => {
    const p = heartbeatPrompt(run({ questionId: "q1", outcome: "answered", optionId: "pg", text: "It is what we run." }), wake);
    expect(p).toContain("Reason: question_answered. The board's outcome of a question you asked: answered.");
    expect(p).toContain("## Your question q1\nWhich database?");
    expect(p).toContain("Chosen: PostgreSQL (option pg)");
    expect(p).toContain("The board's words: It is what we run.");
  });

  it("a decline carries the reason; an expiry says the default applied", () => {
    expect(heartbeatPrompt(run({ questionId: "q1", outcome: "declined", text: "Decide yourself." }), wake)).toContain("The board's reason: Decide yourself.");
    const expired = heartbeatPrompt(run({ questionId: "q1", outcome: "expired", optionId: "sqlite" }), wake);
    expect(expired).toContain("Outcome: expired (no answer in time; the default option, if any, applied)");
    expect(expired).toContain("Chosen: SQLite (option sqlite)");
  });

  it("another reason has no question part", () => {
    expect(heartbeatPrompt({ ...run({}), reason: "timer" } as ClaimedRun, wake)).not.toContain("## Your question");
  });
});
