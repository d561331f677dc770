// The run page's reading of a transcript: each tool result joined to its call, one-line summaries
// of a call's input, and the time since the run started.
import { describe, expect, it } from "vitest";
import { elapsed, inputSummary, inputText, transcriptItems } from "@/components/runs/transcript-items";
import type { TranscriptStep } from "@/lib/queries/runs";

let seq = 0;
const step = (kind: TranscriptStep["kind"], extra: Partial<TranscriptStep> = {}): TranscriptStep =>
  ({ seq: ++seq, at: "2026-11-25T12:00:00.000Z", kind, ...extra }) as TranscriptStep;

describe("transcriptItems", () => {
  it("joins each result to the open call of its tool, oldest first, and keeps the rest in order", () => {
    const text = step("assistant", { text: "hi" });
    const bash1 = step("tool_call", { toolName: "Bash", input: { command: "ls" } });
    const read = step("tool_call", { toolName: "Read", input: { file_path: "/a" } });
    const bash2 = step("tool_call", { toolName: "Bash", input: { command: "pwd" } });
    const readOut = step("tool_result", { toolName: "Read", output: "file a" });
    const bash1Out = step("tool_result", { toolName: "Bash", output: "x" });
    const result = step("result", { text: "done" });
    const items = transcriptItems([text, bash1, read, bash2, readOut, bash1Out, result]);
    expect(items.map((i) => i.key)).toEqual([text.seq, bash1.seq, read.seq, bash2.seq, result.seq]);
    expect(items[1]).toMatchObject({ type: "tool", call: bash1, result: bash1Out });
    expect(items[2]).toMatchObject({ type: "tool", call: read, result: readOut });
    expect(items[3]).toMatchObject({ type: "tool", call: bash2, result: null });
  });

  it("answers the oldest open call when a result names no tool, and keeps a result with no call on its own", () => {
    const call = step("tool_call", { toolName: "command", input: { command: "ls" } });
    const out = step("tool_result", { output: "a" });
    const stray = step("tool_result", { output: "b" });
    const items = transcriptItems([call, out, stray]);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ type: "tool", result: out });
    expect(items[1]).toMatchObject({ type: "step", step: stray });
  });
});

describe("inputSummary", () => {
  it("names what a call did: its command, pattern, file or URL", () => {
    expect(inputSummary({ command: "npm   test\n-- reports", description: "Run tests" })).toBe("npm test -- reports");
    expect(inputSummary({ pattern: "TODO", path: "lib" })).toBe("TODO");
    expect(inputSummary({ file_path: "/work/a.ts", offset: 0 })).toBe("/work/a.ts");
    expect(inputSummary({ command: ["git", "status"] })).toBe("git status");
  });

  it("unwraps Codex's login-shell wrapper, and cuts long lines", () => {
    expect(inputSummary({ command: "bash -lc 'curl -sS $SERVICE_API_URL/api/agents/me'" })).toBe("curl -sS $SERVICE_API_URL/api/agents/me");
    const long = inputSummary({ command: "x".repeat(500) }, 40);
    expect(long).toHaveLength(40);
    expect(long.endsWith("…")).toBe(true);
  });

  it("falls back to the input as JSON, and reads an input too large to store from its preview", () => {
    expect(inputSummary({ todos: [1, 2] })).toBe('{"todos":[1,2]}');
    expect(inputSummary(null)).toBe("");
    const cut = { cut: true, preview: '{"command":"make all", "more": "…"}' };
    expect(inputSummary(cut)).toBe('{"command":"make all", "more": "…"}');
    expect(inputText(cut)).toBe(cut.preview);
    expect(inputText({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(inputText(null)).toBe("(none)");
  });
});

describe("elapsed", () => {
  it("is minutes and seconds since the start, hours past one hour, never negative", () => {
    const t0 = "2026-11-25T12:00:00.000Z";
    expect(elapsed(t0, "2026-11-25T12:00:07.400Z")).toBe("0:07");
    expect(elapsed(t0, "2026-11-25T12:12:40.000Z")).toBe("12:40");
    expect(elapsed(t0, "2026-11-25T13:02:03.000Z")).toBe("1:02:03");
    expect(elapsed(t0, "2026-11-25T11:59:00.000Z")).toBe("0:00");
    expect(elapsed(null, t0)).toBe("");
  });
});
