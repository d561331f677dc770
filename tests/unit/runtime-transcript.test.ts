import { describe, expect, it } from "vitest";
import { estimateUsd, FALLBACK_MODEL, OPENAI_PRICES, priceOf } from "@/lib/runtime/prices";
import { FIELD_MAX, finishDraft, redactor } from "@/lib/runtime/transcript/steps";
import { ClaudeStream } from "@/lib/runtime/transcript/claude";
import { CodexStream } from "@/lib/runtime/transcript/codex";
import { bounded } from "@/lib/runtime/adapters/prompt";
import { readAdapterConfig, adapterConfigSchema, runtimeConfigSchema } from "@/lib/runtime/config";

describe("model prices", () => {
  it("exact names, dated snapshots by their longest known prefix, unknown models at the fallback's price", () => {
    expect(priceOf("gpt-5-mini")).toBe(OPENAI_PRICES["gpt-5-mini"]);
    expect(priceOf("gpt-5-mini-2025-08-07")).toBe(OPENAI_PRICES["gpt-5-mini"]);
    expect(priceOf("gpt-5.1-codex-max")).toBe(OPENAI_PRICES["gpt-5.1-codex-max"]);
    expect(priceOf("GPT-5-2025-08-07")).toBe(OPENAI_PRICES["gpt-5"]);
    expect(priceOf("codex")).toBe(OPENAI_PRICES[FALLBACK_MODEL]);
    expect(estimateUsd("gpt-5", { inputTokens: 2_000_000, cachedInputTokens: 1_500_000, outputTokens: 100_000 })).toBeCloseTo(1.8125, 10);
    // more cached than input (a CLI's odd report) never makes a negative price
    expect(estimateUsd("gpt-5-nano", { inputTokens: 10, cachedInputTokens: 50, outputTokens: 0 })).toBeGreaterThanOrEqual(0);
  });
});

describe("redaction and field caps", () => {
  it("replaces every secret of 8+ characters in text, output, tool names and nested input", () => {
    const redact = redactor(["chk_run_abcdefgh", "short", "hunter2hunter2", null]);
    const step = finishDraft({ kind: "tool_call", toolName: "x", text: "key chk_run_abcdefgh short", input: { a: ["hunter2hunter2"], "chk_run_abcdefgh": 1 }, output: "hunter2hunter2!" }, redact);
    expect(step).toMatchObject({ text: "key [redacted] short", input: { a: ["[redacted]"], "[redacted]": 1 }, output: "[redacted]!" });
  });

  it("cuts long fields visibly, strips NUL characters, and replaces oversized input by a preview", () => {
    const step = finishDraft({ kind: "assistant", text: `a\u0000${"b".repeat(FIELD_MAX + 5)}`, input: { big: "c".repeat(FIELD_MAX) } }, (t) => t);
    expect(step.text).toBe(`a${"b".repeat(FIELD_MAX - 1)}\n[… cut, 6 more characters …]`);
    expect(step.input).toMatchObject({ cut: true });
    expect(bounded("abcdef", 4)).toBe("abcd\n[… cut, 2 more characters …]");
  });
});

describe("stream parsers", () => {
  it("claude: tool results are named after their call; unknown events are left to the raw fallback", () => {
    const s = new ClaudeStream("sonnet");
    s.steps({ type: "assistant", session_id: "s1", message: { content: [{ type: "tool_use", id: "t1", name: "Bash", input: { command: "ls" } }] } });
    expect(s.steps({ type: "user", message: { content: [{ type: "tool_result", tool_use_id: "t1", content: [{ type: "text", text: "a" }, { type: "image" }], is_error: true }] } }))
      .toEqual([{ kind: "tool_result", toolName: "Bash", output: "a\n[image]", isError: true }]);
    expect(s.steps({ type: "rate_limit" })).toBeNull();
    expect(s.steps({ type: "assistant", message: "odd" })).toBeNull();
    expect([s.sessionId, s.outcome()]).toEqual(["s1", null]);
  });

  it("codex: a command completed without its start still gives a call and a result; a failed turn is an error result", () => {
    const s = new CodexStream("gpt-5");
    expect(s.steps({ type: "item.completed", item: { id: "i", type: "command_execution", command: "ls", aggregated_output: "x", exit_code: 2 } }))
      .toEqual([{ kind: "tool_call", toolName: "command", input: { command: "ls" } }, { kind: "tool_result", toolName: "command", output: "x", isError: true }]);
    expect(s.steps({ type: "turn.failed", error: { message: "rate limited" } })).toEqual([{ kind: "result", isError: true, text: "rate limited" }]);
    expect(s.outcome().failed).toBe("rate limited");
    expect(s.steps({ type: "session.configured" })).toBeNull();
  });
});

describe("adapter config", () => {
  it("reads the new keys leniently, and every key of both configs is described", () => {
    expect(readAdapterConfig({ sessionPolicy: "fresh", allowedTools: ["Edit"], sandbox: "read-only", networkAccess: false }))
      .toMatchObject({ sessionPolicy: "fresh", allowedTools: ["Edit"], sandbox: "read-only", networkAccess: false });
    expect(readAdapterConfig({ sessionPolicy: "sometimes", allowedTools: "Edit", sandbox: "open" }))
      .toMatchObject({ sessionPolicy: undefined, allowedTools: undefined, sandbox: undefined });
    for (const [key, schema] of Object.entries({ ...adapterConfigSchema.shape, ...runtimeConfigSchema.shape })) {
      expect(schema.description, key).toMatch(/Default/);
    }
  });
});
