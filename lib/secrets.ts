// The one rule for what is secret in free-form JSON (adapter and runtime configs, approval payloads,
// activity details, transcript steps, log fields): decided by the KEY, never by the value's type, so
// a number, an array or an object under `apiKey` is hidden as surely as a string. Framework-free:
// DTOs, the logger and the MCP tools all call it.

/** What a reader sees instead of a secret; sending it back on a write keeps the stored value (lib/services/agents/config-input.ts). */
export const REDACTED = "***redacted***";

// Substrings of a key that name a secret: apiKey, OPENAI_API_KEY, clientSecret, x-auth-token, passwd…
const secretWords = /secret|token|passw(or)?d|passphrase|api[_-]?key|authorization|credential|private[_-]?key|access[_-]?key|cookie|bearer/i;
// …except counts of model tokens (inputTokens, max_tokens, token_count), which runs and costs report.
const tokenCount = /tokens|token[_-]?(count|limit|usage)/i;
/** Keys whose every value is secret, whatever the names inside (process environments). */
const envKey = /^env$/i;

export function isSecretKey(key: string): boolean {
  return secretWords.test(key) && !(tokenCount.test(key) && !secretWords.test(key.replace(tokenCount, "")));
}

/** null, undefined and "" hide nothing, and showing them tells a reader that no secret is set. */
const isEmpty = (v: unknown) => v === null || v === undefined || v === "";
const hide = (v: unknown) => (isEmpty(v) ? v : REDACTED);

/**
 * An `env` value in any of the shapes adapters take: an object of NAME → value, an array of
 * "NAME=value" strings or {name, value} objects, or one string. Names stay readable; values never do.
 */
function redactEnv(env: unknown): unknown {
  if (Array.isArray(env)) return env.map(redactEnvEntry);
  if (env && typeof env === "object") return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, hide(v)]));
  return hide(env);
}

function redactEnvEntry(entry: unknown): unknown {
  if (typeof entry === "string") {
    const eq = entry.indexOf("=");
    return eq > 0 ? `${entry.slice(0, eq)}=${hide(entry.slice(eq + 1)) ?? ""}` : hide(entry);
  }
  if (entry && typeof entry === "object" && !Array.isArray(entry)) {
    return Object.fromEntries(Object.entries(entry).map(([k, v]) => [k, (k === "name" || k === "key") && typeof v === "string" ? v : hide(v)]));
  }
  return hide(entry);
}

/**
 * A copy of `value` with everything under a secret-like key (isSecretKey), whatever its type, and
 * every value of an `env`, whatever its shape, replaced by REDACTED. The input is not changed.
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 64) return REDACTED; // deeper than any input the API accepts: hide rather than recurse on
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = envKey.test(k) ? redactEnv(v) : isSecretKey(k) ? hide(v) : redactSecrets(v, depth + 1);
  }
  return out;
}

/** Every value redactSecrets hides, as text (leaves of hidden objects too): what a run's log must never show. */
export function secretValues(value: unknown): string[] {
  const out: string[] = [];
  const leaves = (v: unknown, depth: number): void => {
    if (depth > 64 || v === null || v === undefined || v === "") return;
    if (typeof v === "object") Object.values(v).forEach((inner) => leaves(inner, depth + 1));
    else out.push(String(v));
  };
  // walks the value beside its redacted copy, so this list and what readers see never disagree
  const walk = (orig: unknown, shown: unknown, depth: number): void => {
    if (shown === REDACTED && orig !== REDACTED) return leaves(orig, 0);
    if (typeof orig === "string" && typeof shown === "string" && shown !== orig && shown.endsWith(`=${REDACTED}`)) {
      return leaves(orig.slice(orig.indexOf("=") + 1), 0);
    }
    if (depth > 64 || !orig || typeof orig !== "object" || !shown || typeof shown !== "object") return;
    for (const [k, inner] of Object.entries(orig)) walk(inner, (shown as Record<string, unknown>)[k], depth + 1);
  };
  walk(value, redactSecrets(value), 0);
  return out;
}
