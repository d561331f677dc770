// Claude Code's `--output-format stream-json --verbose`, one JSON object per line, into steps:
// `system` (init), `assistant` (text and thinking blocks, tool_use blocks become tool_call steps),
// `user` (tool_result blocks become tool_result steps, named after their call), `result` (the
// final line: the answer, usage and cost). The session id is on every line.
import { claudeOutcomeOf, type ClaudeOutcome } from "@/lib/runtime/adapters/usage";
import { isObj, type Obj } from "@/lib/runtime/json-objects";
import type { StepDraft } from "@/lib/runtime/transcript/steps";

const str = (v: unknown) => (typeof v === "string" ? v : null);

function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return content == null ? "" : JSON.stringify(content);
  return content.map((b) => (isObj(b) && b.type === "text" && typeof b.text === "string" ? b.text : isObj(b) ? `[${String(b.type)}]` : String(b))).join("\n");
}

export class ClaudeStream {
  sessionId: string | null = null;
  private result: Obj | null = null;
  private readonly toolNames = new Map<string, string>();

  constructor(private readonly fallbackModel: string) {}

  /** The final result line's usage and error flag; null when the CLI printed none. */
  outcome(): ClaudeOutcome | null {
    return this.result ? claudeOutcomeOf(this.result, this.fallbackModel) : null;
  }

  /** Steps of one event; null: not an event this parser knows (kept as a raw system step). */
  steps(e: Obj): StepDraft[] | null {
    if (typeof e.session_id === "string" && e.session_id) this.sessionId = e.session_id;
    switch (e.type) {
      case "system": return [this.system(e)];
      case "assistant": return isObj(e.message) && Array.isArray(e.message.content) ? e.message.content.flatMap((b) => this.assistantBlock(b)) : null;
      case "user": return isObj(e.message) ? this.userContent(e.message.content) : null;
      case "result": {
        this.result = e;
        const o = claudeOutcomeOf(e, this.fallbackModel);
        return [{
          kind: "result", isError: e.is_error === true,
          text: str(e.result) ?? (typeof e.subtype === "string" ? e.subtype : null),
          input: {
            costUsd: typeof e.total_cost_usd === "number" ? e.total_cost_usd : null, estimated: false,
            numTurns: e.num_turns ?? null, durationMs: e.duration_ms ?? null,
            usage: o.usage.map(({ model, inputTokens, outputTokens, costCents }) => ({ model, inputTokens, outputTokens, costCents })),
          },
        }];
      }
      default: return null;
    }
  }

  private system(e: Obj): StepDraft {
    if (e.subtype === "init") {
      const tools = Array.isArray(e.tools) ? e.tools.length : 0;
      return { kind: "system", text: `Session ${this.sessionId ?? "?"} started: model ${str(e.model) ?? "default"}, ${tools} tools, permission mode ${str(e.permissionMode) ?? "default"}` };
    }
    return { kind: "system", text: `system: ${str(e.subtype) ?? "event"}`, input: e };
  }

  private assistantBlock(b: unknown): StepDraft[] {
    if (!isObj(b)) return [];
    if (b.type === "text" && typeof b.text === "string") return b.text.trim() ? [{ kind: "assistant", text: b.text }] : [];
    if (b.type === "thinking" && typeof b.thinking === "string") return b.thinking.trim() ? [{ kind: "assistant", text: b.thinking }] : [];
    if (b.type === "tool_use") {
      const name = str(b.name) ?? "tool";
      if (typeof b.id === "string") this.toolNames.set(b.id, name);
      return [{ kind: "tool_call", toolName: name, input: b.input ?? null }];
    }
    return [{ kind: "system", text: `assistant ${String(b.type)} block`, input: b }];
  }

  private userContent(content: unknown): StepDraft[] {
    if (typeof content === "string") return [{ kind: "system", text: content }];
    if (!Array.isArray(content)) return [];
    return content.flatMap((b): StepDraft[] => {
      if (!isObj(b)) return [];
      if (b.type === "tool_result") {
        const name = typeof b.tool_use_id === "string" ? this.toolNames.get(b.tool_use_id) ?? null : null;
        return [{ kind: "tool_result", toolName: name, output: resultText(b.content), isError: b.is_error === true }];
      }
      if (b.type === "text" && typeof b.text === "string") return [{ kind: "system", text: b.text }];
      return [];
    });
  }
}
