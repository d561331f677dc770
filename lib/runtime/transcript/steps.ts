// A transcript step as the runtime builds it, the caps every run's transcript lives within, and the
// redaction of secrets (the run key, the adapter's env values) from everything a step holds.

export type StepKind = "assistant" | "tool_call" | "tool_result" | "system" | "result";

/** What a parser makes of one output line; the transcript numbers and dates it. */
export interface StepDraft {
  kind: StepKind;
  text?: string | null;
  toolName?: string | null;
  input?: unknown;
  output?: string | null;
  isError?: boolean | null;
}

export interface Step extends StepDraft {
  seq: number;
  at: string;
}

/** Steps kept per run (result steps are always kept, they carry the cost). */
export const MAX_STEPS = 1000;
/** Characters kept of one step's text, output, or serialized input. */
export const FIELD_MAX = 8192;
/** Characters kept over a whole run's transcript; past it only result steps are stored. */
export const RUN_CHARS_MAX = 1_000_000;
/** Secrets shorter than this are not redacted (they would match ordinary words). */
export const SECRET_MIN_LENGTH = 8;

export type Redact = (text: string) => string;

/** Replaces every occurrence of each secret (8+ characters) with "[redacted]". */
export function redactor(secrets: (string | null | undefined)[]): Redact {
  const list = [...new Set(secrets.filter((s): s is string => typeof s === "string" && s.length >= SECRET_MIN_LENGTH))]
    .sort((a, b) => b.length - a.length);
  if (list.length === 0) return (t) => t;
  return (text) => list.reduce((t, s) => (t.includes(s) ? t.split(s).join("[redacted]") : t), text);
}

// PostgreSQL text and jsonb cannot hold U+0000: a CLI that prints one must not fail the write
const storable = (s: string) => s.replaceAll("\u0000", "");

function cut(text: string, max = FIELD_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n[… cut, ${text.length - max} more characters …]`;
}

function deepRedact(value: unknown, redact: Redact, depth = 0): unknown {
  if (typeof value === "string") return storable(redact(value));
  if (!value || typeof value !== "object" || depth > 32) return value;
  if (Array.isArray(value)) return value.map((v) => deepRedact(v, redact, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(redact(k)), deepRedact(v, redact, depth + 1)]));
}

/** A draft made safe to store: redacted, without NULs, each field cut to FIELD_MAX. */
export function finishDraft(d: StepDraft, redact: Redact): StepDraft & { size: number } {
  const text = d.text == null ? null : cut(storable(redact(d.text)));
  const output = d.output == null ? null : cut(storable(redact(d.output)));
  const toolName = d.toolName == null ? null : storable(redact(d.toolName)).slice(0, 200);
  let input = d.input === undefined ? null : deepRedact(d.input, redact);
  const json = input === null ? "" : JSON.stringify(input) ?? "";
  if (json.length > FIELD_MAX) input = { cut: true, preview: cut(json) };
  const size = (text?.length ?? 0) + (output?.length ?? 0) + Math.min(json.length, FIELD_MAX);
  return { kind: d.kind, text, toolName, input, output, isError: d.isError ?? null, size };
}
