import { describe, expect, it } from "vitest";
import { parseClaudeOutput, parseCodexOutput } from "@/lib/runtime/adapters/usage";
import { jsonObjects } from "@/lib/runtime/json-objects";
import { readRuntimeConfig } from "@/lib/runtime/config";

describe("claude output", () => {
  it("reads usage and cost per model from the result message (json or stream-json)", () => {
    const result = { type: "result", is_error: false, total_cost_usd: 0.125, modelUsage: {
      "claude-opus-4-1": { inputTokens: 10, cacheReadInputTokens: 5, cacheCreationInputTokens: 1, outputTokens: 7, costUSD: 0.1 },
      "claude-haiku-4-5": { inputTokens: 3, outputTokens: 2, costUSD: 0.025 },
    } };
    for (const stdout of [JSON.stringify(result), `{"type":"system","subtype":"init"}\nnot json\n${JSON.stringify(result)}\n`]) {
      expect(parseClaudeOutput(stdout, "x")?.usage).toEqual([
        { provider: "anthropic", model: "claude-opus-4-1", inputTokens: 16, outputTokens: 7, costCents: 10 },
        { provider: "anthropic", model: "claude-haiku-4-5", inputTokens: 3, outputTokens: 2, costCents: 3 },
      ]);
    }
  });

  it("falls back to the top-level usage, and to nothing for output that is not Claude's", () => {
    const parsed = parseClaudeOutput(JSON.stringify({ type: "result", is_error: true, result: "no", cost_usd: 0.02, usage: { input_tokens: 4, output_tokens: 1 } }), "sonnet");
    expect(parsed).toEqual({ isError: true, resultText: "no", usage: [{ provider: "anthropic", model: "sonnet", inputTokens: 4, outputTokens: 1, costCents: 2 }] });
    expect(parseClaudeOutput("hello\n", "x")).toBeNull();
    expect(parseClaudeOutput(JSON.stringify({ type: "result", total_cost_usd: "lots", usage: { input_tokens: -5 } }), "x")?.usage).toEqual([]);
  });
});

describe("codex output", () => {
  it("sums the usage of every completed turn and notices failed turns", () => {
    const lines = [
      { type: "turn.completed", usage: { input_tokens: 100, output_tokens: 10 } },
      { type: "turn.completed", usage: { input_tokens: 50, output_tokens: 5 } },
      { type: "turn.failed", error: { message: "rate limited" } },
    ].map((l) => JSON.stringify(l)).join("\n");
    expect(parseCodexOutput(lines, "gpt-5")).toEqual({ failed: "rate limited", usage: [{ provider: "openai", model: "gpt-5", inputTokens: 150, outputTokens: 15, costCents: 0, estimated: true }] });
    expect(parseCodexOutput("", "gpt-5")).toEqual({ failed: null, usage: [] });
  });

  it("jsonObjects ignores everything that is not a JSON object", () => {
    expect(jsonObjects('[{"a":1},2]')).toEqual([{ a: 1 }]);
    expect(jsonObjects("1\n\"x\"\n{bad\n{\"b\":2}")).toEqual([{ b: 2 }]);
  });
});

describe("runtime config", () => {
  it("reads leniently: wrong values fall back to the defaults", () => {
    expect(readRuntimeConfig({ maxConcurrentRuns: 3, heartbeat: { enabled: true, intervalSec: 120 } })).toMatchObject({ maxConcurrentRuns: 3, heartbeat: { enabled: true, intervalSec: 120, wakeWhenIdle: false } });
    expect(readRuntimeConfig({ maxConcurrentRuns: 0.5, heartbeat: "yes", loopBreaker: { maxRuns: "x" } })).toMatchObject({ maxConcurrentRuns: 1, heartbeat: { enabled: false }, loopBreaker: { enabled: true } });
    expect(readRuntimeConfig(null).maxConcurrentRuns).toBe(1);
  });
});
