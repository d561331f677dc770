// A transcript's steps as the run page lists them: each tool call joined with its result, so one
// collapsible row holds what was asked and what came back.
import type { TranscriptStep } from "@/lib/queries/runs";

export type TranscriptItem =
  | { type: "step"; key: number; step: TranscriptStep }
  | { type: "tool"; key: number; call: TranscriptStep; result: TranscriptStep | null };

/**
 * Steps carry no call id, and CLIs answer calls in the order they made them (several calls of one
 * turn are answered one after another), so a result closes the oldest open call, preferring one of
 * the same tool name when the result names its tool. A result with no open call stays on its own.
 */
export function transcriptItems(steps: TranscriptStep[]): TranscriptItem[] {
  const items: TranscriptItem[] = [];
  const open: Array<Extract<TranscriptItem, { type: "tool" }>> = [];
  for (const step of steps) {
    if (step.kind === "tool_call") {
      const item = { type: "tool" as const, key: step.seq, call: step, result: null };
      items.push(item);
      open.push(item);
      continue;
    }
    if (step.kind === "tool_result") {
      const named = step.toolName ? open.findIndex((i) => i.call.toolName === step.toolName) : -1;
      const at = named >= 0 ? named : open.length > 0 ? 0 : -1;
      if (at >= 0) {
        open[at].result = step;
        open.splice(at, 1);
        continue;
      }
    }
    items.push({ type: "step", key: step.seq, step });
  }
  return items;
}

const summaryKeys = ["command", "cmd", "pattern", "query", "url", "file_path", "path", "description", "prompt", "subject"];
// Codex runs every command through a login shell: the command itself is what says what happened
const shellWrapper = /^(?:\/bin\/)?(?:ba|z)?sh\s+-l?c\s+(['"])([\s\S]*)\1$/;

/** One line that says what a tool call did: its command, file, pattern or URL, else its input as JSON. */
export function inputSummary(input: unknown, max = 160): string {
  let text = "";
  if (typeof input === "string") text = input;
  else if (input && typeof input === "object" && !Array.isArray(input)) {
    const record = input as Record<string, unknown>;
    // an input too large to store whole is kept as the start of its JSON
    if (record.cut === true && typeof record.preview === "string") return inputSummary(record.preview, max);
    for (const key of summaryKeys) {
      const v = record[key];
      if (typeof v === "string" && v.trim()) {
        text = v;
        break;
      }
      if (Array.isArray(v) && v.every((x) => typeof x === "string") && v.length > 0) {
        text = v.join(" ");
        break;
      }
    }
    if (!text && Object.keys(record).length > 0) text = JSON.stringify(record);
  } else if (input !== undefined && input !== null) text = JSON.stringify(input);
  const line = text.replace(/\s+/g, " ").trim().replace(shellWrapper, "$2");
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** "0:07", "12:40", "1:02:03": time since the run started, for reading a run's pace. */
export function elapsed(fromIso: string | null, atIso: string): string {
  if (!fromIso) return "";
  const s = Math.max(0, Math.round((Date.parse(atIso) - Date.parse(fromIso)) / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** A call's input as the run page shows it: pretty JSON, or the kept start of an input too large to store. */
export function inputText(input: unknown): string {
  if (input === undefined || input === null) return "(none)";
  const record = input as Record<string, unknown>;
  if (typeof input === "object" && record.cut === true && typeof record.preview === "string") return record.preview;
  return JSON.stringify(input, null, 2);
}
