// Model prices for CLIs that report tokens but no price (Codex). USD per million tokens, as listed
// on OpenAI's API pricing page (https://platform.openai.com/docs/pricing, standard tier, checked
// against the published figures of November 2025). Costs priced from this table are recorded with
// `estimated: true`: a subscription login, a discount or a price change makes the real bill differ.
// Keep this the one place these figures live; update a row when OpenAI changes a price.

export interface ModelPrice {
  /** USD per 1M uncached input tokens */
  input: number;
  /** USD per 1M cached input tokens */
  cachedInput: number;
  /** USD per 1M output tokens (reasoning tokens are billed as output) */
  output: number;
}

export const OPENAI_PRICES: Record<string, ModelPrice> = {
  "gpt-5.1": { input: 1.25, cachedInput: 0.125, output: 10 },
  "gpt-5.1-codex": { input: 1.25, cachedInput: 0.125, output: 10 },
  "gpt-5.1-codex-max": { input: 1.25, cachedInput: 0.125, output: 10 },
  "gpt-5.1-codex-mini": { input: 0.25, cachedInput: 0.025, output: 2 },
  "gpt-5": { input: 1.25, cachedInput: 0.125, output: 10 },
  "gpt-5-codex": { input: 1.25, cachedInput: 0.125, output: 10 },
  "gpt-5-mini": { input: 0.25, cachedInput: 0.025, output: 2 },
  "gpt-5-nano": { input: 0.05, cachedInput: 0.005, output: 0.4 },
  "codex-mini-latest": { input: 1.5, cachedInput: 0.375, output: 6 },
  "o3": { input: 2, cachedInput: 0.5, output: 8 },
  "o4-mini": { input: 1.1, cachedInput: 0.275, output: 4.4 },
  "gpt-4.1": { input: 2, cachedInput: 0.5, output: 8 },
  "gpt-4.1-mini": { input: 0.4, cachedInput: 0.1, output: 1.6 },
  "gpt-4.1-nano": { input: 0.1, cachedInput: 0.025, output: 0.4 },
  "gpt-4o": { input: 2.5, cachedInput: 1.25, output: 10 },
};

/** Codex's own default family: the price of a model this table does not know (or of no model named). */
export const FALLBACK_MODEL = "gpt-5";

/**
 * The table's row for a model name: exact, else the longest name it starts with (dated snapshots
 * such as gpt-5-2025-08-07 are priced as gpt-5), else the fallback.
 */
export function priceOf(model: string): ModelPrice {
  const name = model.toLowerCase().replace(/^openai\//, "");
  if (OPENAI_PRICES[name]) return OPENAI_PRICES[name];
  const prefix = Object.keys(OPENAI_PRICES).filter((k) => name.startsWith(`${k}-`)).sort((a, b) => b.length - a.length)[0];
  return OPENAI_PRICES[prefix ?? FALLBACK_MODEL];
}

/** USD for a usage; `inputTokens` includes the cached ones, as OpenAI and Codex count them. */
export function estimateUsd(model: string, tokens: { inputTokens: number; cachedInputTokens: number; outputTokens: number }): number {
  const p = priceOf(model);
  const cached = Math.min(tokens.cachedInputTokens, tokens.inputTokens);
  return ((tokens.inputTokens - cached) * p.input + cached * p.cachedInput + tokens.outputTokens * p.output) / 1_000_000;
}
