// What a board user's config write may contain. The browser never holds a stored secret: it shows
// the REDACTED marker where the DTO put one and sends the marker back for a secret left alone.
import { REDACTED, redactConfig } from "@/lib/dto/agents";
import { AppError, type ErrorDetail } from "@/lib/http/errors";
import { isRefusedIssue } from "@/lib/schemas/common";
import { PROCESS_COMMAND_REQUIRED, adapterConfigInputSchema, missingCommand, runtimeConfigInputSchema } from "@/lib/schemas/agents";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === "object" && !Array.isArray(v);

/**
 * The marker keeps the stored value at the same path, and only where the DTO itself showed the
 * marker (redactConfig of the stored config), so it stands for a secret the caller was shown as
 * hidden and for nothing else: it cannot copy a value to another key, nor stand for a value that
 * does not exist. Any other value replaces, and a key left out is removed.
 */
function mergeAt(next: unknown, prev: unknown, shown: unknown, path: string, bad: ErrorDetail[]): unknown {
  if (next === REDACTED) {
    if (shown === REDACTED) return prev;
    bad.push({ path, message: `${REDACTED} keeps a stored secret, and there is none here: type the value` });
    return undefined;
  }
  if (Array.isArray(next)) {
    const p = Array.isArray(prev) ? prev : [];
    const s = Array.isArray(shown) ? shown : [];
    return next.map((v, i) => mergeAt(v, p[i], s[i], `${path}.${i}`, bad));
  }
  if (isObject(next)) {
    const p = isObject(prev) ? prev : {};
    const s = isObject(shown) ? shown : {};
    return Object.fromEntries(Object.entries(next).map(([k, v]) => [k, mergeAt(v, p[k], s[k], `${path}.${k}`, bad)]));
  }
  return next;
}

export function mergeRedacted(next: Json, prev: unknown, field: string): Json {
  const bad: ErrorDetail[] = [];
  const merged = mergeAt(next, prev, redactConfig(prev), field, bad) as Json;
  if (bad.length) throw new AppError("validation_error", "The request does not match the expected fields", bad);
  return merged;
}

/** The runtime's own schemas without their fallbacks: a value the runtime would ignore is refused. */
export function assertConfigValid(input: { adapterConfig?: Json; runtimeConfig?: Json }) {
  const details: (ErrorDetail & { refused: boolean })[] = [];
  for (const [field, schema] of [["adapterConfig", adapterConfigInputSchema], ["runtimeConfig", runtimeConfigInputSchema]] as const) {
    const value = input[field];
    if (value === undefined) continue;
    const parsed = schema.safeParse(value);
    if (!parsed.success) details.push(...parsed.error.issues.map((i) => ({ path: [field, ...i.path].join("."), message: i.message, refused: isRefusedIssue(i) })));
  }
  // a limit out of its range (silenceLimitSec, retryBudget) is a refused value: 422, as a body's rule is
  if (details.length && details.every((d) => d.refused)) throw new AppError("unprocessable", "The configuration holds a value that is refused", details.map(({ refused: _r, ...d }) => d));
  if (details.length) throw new AppError("validation_error", "The request does not match the expected fields", details.map(({ refused: _r, ...d }) => d));
}

/**
 * A `process` agent without a command has nothing to execute, so the board's writes refuse it (422
 * at adapterConfig.command). A hire may still wait without one: the board sets it when approving.
 */
export function assertCommandSet(adapterType: string, adapterConfig: unknown) {
  if (!missingCommand(adapterType, adapterConfig)) return;
  throw new AppError("unprocessable", "A process agent needs a command: the program or shell line each of its runs executes", [
    { path: "adapterConfig.command", message: PROCESS_COMMAND_REQUIRED },
  ]);
}
