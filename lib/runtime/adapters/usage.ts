// Usage and cost from the JSON the coding CLIs print (its objects read by lib/runtime/json-objects.ts).
import type { Usage } from "@/lib/runtime/adapters/types";
import { isObj, jsonObjects, type Obj } from "@/lib/runtime/json-objects";
import { estimateUsd } from "@/lib/runtime/prices";

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
  return result ? claudeOutcomeOf(result, fallbackModel) : null;
}

/** Usage and cost of one Claude `result` message: per model from modelUsage, else the top-level usage. */
export function claudeOutcomeOf(result: Obj, fallbackModel: string): ClaudeOutcome {
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

/**
 * Codex's usage, event by event (`codex exec --json`): each completed turn reports its tokens. Codex
 * prints no price, so unless an event carries one the cost is priced from lib/runtime/prices.ts and
 * marked estimated.
 */
export class CodexTally {
  private inputTokens = 0;
  private cachedInputTokens = 0;
  private outputTokens = 0;
  private costUsd = 0;
  private model: string;
  failed: string | null = null;

  constructor(fallbackModel: string) {
    this.model = fallbackModel;
  }

  add(e: Obj): void {
    if (typeof e.model === "string") this.model = e.model;
    if (e.type === "turn.completed" && isObj(e.usage)) {
      this.inputTokens += num(e.usage.input_tokens);
      this.cachedInputTokens += num(e.usage.cached_input_tokens);
      this.outputTokens += num(e.usage.output_tokens);
      this.costUsd += num(e.usage.total_cost_usd ?? e.total_cost_usd);
    }
    if (e.type === "turn.failed" || e.type === "error") {
      const err = isObj(e.error) ? e.error.message : e.message;
      this.failed = typeof err === "string" ? err : "codex reported a failed turn";
    }
  }

  outcome(): CodexOutcome {
    const { inputTokens, cachedInputTokens, outputTokens, model } = this;
    const estimated = this.costUsd === 0;
    const usd = estimated ? estimateUsd(model, { inputTokens, cachedInputTokens, outputTokens }) : this.costUsd;
    const usage = [{ provider: "openai", model, inputTokens, outputTokens, costCents: Math.round(usd * 100), estimated }].filter(hasAny);
    return { usage, failed: this.failed };
  }
}

export function parseCodexOutput(stdout: string, fallbackModel: string): CodexOutcome {
  const tally = new CodexTally(fallbackModel);
  for (const e of jsonObjects(stdout)) tally.add(e);
  return tally.outcome();
}
