// Codex's `exec --json` events, one JSON object per line, into steps: `thread.started` (the session
// id), items (agent_message and reasoning become assistant steps; command_execution, file_change,
// mcp_tool_call and web_search a tool_call when started and a tool_result when completed),
// `turn.completed` (a result step with the tokens and the estimated cost), failures.
import { CodexTally, type CodexOutcome } from "@/lib/runtime/adapters/usage";
import { isObj, type Obj } from "@/lib/runtime/json-objects";
import type { StepDraft } from "@/lib/runtime/transcript/steps";

const str = (v: unknown) => (typeof v === "string" ? v : null);
const toolTypes = new Set(["command_execution", "file_change", "mcp_tool_call", "web_search"]);

function toolName(item: Obj): string {
  if (item.type === "command_execution") return "command";
  if (item.type === "mcp_tool_call") return [str(item.server), str(item.tool)].filter(Boolean).join(".") || "mcp_tool_call";
  return String(item.type);
}

function toolInput(item: Obj): unknown {
  switch (item.type) {
    case "command_execution": return { command: item.command ?? null };
    case "file_change": return { changes: item.changes ?? [] };
    case "web_search": return { query: item.query ?? null };
    default: return { arguments: item.arguments ?? null };
  }
}

function toolOutput(item: Obj): string {
  if (item.type === "command_execution") return str(item.aggregated_output) ?? "";
  if (item.type === "file_change" && Array.isArray(item.changes)) {
    return item.changes.map((c) => (isObj(c) ? `${String(c.kind ?? "change")} ${String(c.path ?? "")}` : String(c))).join("\n");
  }
  if (item.result !== undefined) return typeof item.result === "string" ? item.result : JSON.stringify(item.result);
  return str(item.status) ?? "";
}

export class CodexStream {
  sessionId: string | null = null;
  private readonly tally: CodexTally;
  private readonly started = new Set<string>();

  constructor(private readonly model: string) {
    this.tally = new CodexTally(model);
  }

  outcome(): CodexOutcome {
    return this.tally.outcome();
  }

  /** Steps of one event; null: not an event this parser knows (kept as a raw system step). */
  steps(e: Obj): StepDraft[] | null {
    this.tally.add(e);
    switch (e.type) {
      case "thread.started":
        this.sessionId = str(e.thread_id) ?? this.sessionId;
        return [{ kind: "system", text: `Session ${this.sessionId ?? "?"} started` }];
      case "turn.started": return [];
      case "item.started": return isObj(e.item) ? this.itemStarted(e.item) : null;
      case "item.updated": return [];
      case "item.completed": return isObj(e.item) ? this.itemCompleted(e.item) : null;
      case "turn.completed": {
        const usage = this.tally.outcome().usage[0];
        return [{
          kind: "result", isError: false, text: null,
          input: { costUsd: usage ? usage.costCents / 100 : 0, estimated: usage?.estimated ?? true, usage: isObj(e.usage) ? e.usage : null },
        }];
      }
      case "turn.failed":
        return [{ kind: "result", isError: true, text: isObj(e.error) ? str(e.error.message) : "the turn failed" }];
      case "error": return [{ kind: "system", isError: true, text: str(e.message) ?? "error" }];
      default: return null;
    }
  }

  private itemStarted(item: Obj): StepDraft[] {
    if (!toolTypes.has(String(item.type))) return [];
    if (typeof item.id === "string") this.started.add(item.id);
    return [{ kind: "tool_call", toolName: toolName(item), input: toolInput(item) }];
  }

  private itemCompleted(item: Obj): StepDraft[] {
    switch (item.type) {
      case "agent_message":
      case "reasoning":
        return str(item.text)?.trim() ? [{ kind: "assistant", text: String(item.text) }] : [];
      case "todo_list": {
        const items = Array.isArray(item.items) ? item.items.filter(isObj).map((t) => `${t.completed ? "[x]" : "[ ]"} ${String(t.text ?? "")}`) : [];
        return [{ kind: "system", text: `Plan:\n${items.join("\n")}` }];
      }
      case "error": return [{ kind: "system", isError: true, text: str(item.message) ?? "error" }];
    }
    if (!toolTypes.has(String(item.type))) return [{ kind: "system", text: `codex item ${String(item.type)}`, input: item }];
    const call: StepDraft[] = typeof item.id === "string" && this.started.delete(item.id) ? [] : [{ kind: "tool_call", toolName: toolName(item), input: toolInput(item) }];
    const failed = item.status === "failed" || (typeof item.exit_code === "number" && item.exit_code !== 0);
    return [...call, { kind: "tool_result", toolName: toolName(item), output: toolOutput(item), isError: failed }];
  }
}
