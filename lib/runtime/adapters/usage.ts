// Usage and cost from the JSON the coding CLIs print. Both may print one JSON document or one JSON
// object per line (stream modes); anything that is not JSON is ignored.
import type { Usage } from "@/lib/runtime/adapters/types";

type Obj = Record<string, unknown>;

export function jsonObjects(text: string): Obj[] {
  const trimmed = text.trim();
  const whole = tryParse(trimmed);
  if (whole) return Array.isArray(whole) ? whole.filter(isObj) : [whole];
  return trimmed.split("\n").map((l) => tryParse(l.trim())).filter(isObj);
}

function tryParse(s: string): Obj | Obj[] | null {
  if (!s.startsWith("{") && !s.startsWith("[")) return null;
  try {
    const v: unknown = JSON.parse(s);
    return isObj(v) || Array.isArray(v) ? (v as Obj | Obj[]) : null;
  } catch {
    return null;
  }
}

const isObj = (v: unknown): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : 0);
const cents = (usd: unknown) => Math.round(num(usd) * 100);

export interface ClaudeOutcome {
  usage: Usage[];
  isError: boolean;
  resultText: string | null;
}

/** Claude Code (`--output-format json` or `stream-json`): the `result` message carries usage and cost. */
export function parseClaudeOutput(stdout: string, fallbackModel: string): ClaudeOutcome | null {
  const result = jsonObjects(stdout).filter((o) => o.type === "result").at(-1);
  if (!result) return null;
  const perModel = isObj(result.modelUsage) ? Object.entries(result.modelUsage).filter(([, v]) => isObj(v)) as [string, Obj][] : [];
  let usage: Usage[];
  if (perModel.length > 0) {
    usage = perModel.map(([model, u]) => ({
      provider: "anthropic", model,
      inputTokens: num(u.inputTokens) + num(u.cacheReadInputTokens) + num(u.cacheCreationInputTokens),
      outputTokens: num(u.outputTokens), costCents: cents(u.costUSD),
    }));
  } else {
    const u = isObj(result.usage) ? result.usage : {};
    usage = [{
      provider: "anthropic", model: typeof result.model === "string" ? result.model : fallbackModel,
      inputTokens: num(u.input_tokens) + num(u.cache_read_input_tokens) + num(u.cache_creation_input_tokens),
      outputTokens: num(u.output_tokens), costCents: cents(result.total_cost_usd ?? result.cost_usd),
    }];
  }
  return { usage: usage.filter(hasAny), isError: result.is_error === true, resultText: typeof result.result === "string" ? result.result : null };
}

const hasAny = (u: Usage) => u.inputTokens > 0 || u.outputTokens > 0 || u.costCents > 0;

export interface CodexOutcome {
  usage: Usage[];
  failed: string | null;
}

/** Codex (`codex exec --json`): one event per line; each completed turn reports its token usage. */
export function parseCodexOutput(stdout: string, fallbackModel: string): CodexOutcome {
  let inputTokens = 0;
  let outputTokens = 0;
  let costUsd = 0;
  let model = fallbackModel;
  let failedWith: string | null = null;
  for (const e of jsonObjects(stdout)) {
    if (typeof e.model === "string") model = e.model;
    if (e.type === "turn.completed" && isObj(e.usage)) {
      inputTokens += num(e.usage.input_tokens);
      outputTokens += num(e.usage.output_tokens);
      costUsd += num(e.usage.total_cost_usd ?? e.total_cost_usd);
    }
    if (e.type === "turn.failed" || e.type === "error") {
      const err = isObj(e.error) ? e.error.message : e.message;
      failedWith = typeof err === "string" ? err : "codex reported a failed turn";
    }
  }
  const usage = [{ provider: "openai", model, inputTokens, outputTokens, costCents: Math.round(costUsd * 100) }].filter(hasAny);
  return { usage, failed: failedWith };
}
