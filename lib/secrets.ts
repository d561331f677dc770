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
/** Keys holding a process environment: NAME → value, where the NAME says whether the value is secret. */
const envKey = /^env$/i;

export function isSecretKey(key: string): boolean {
  return secretWords.test(key) && !(tokenCount.test(key) && !secretWords.test(key.replace(tokenCount, "")));
}

/** null, undefined and "" hide nothing, and showing them tells a reader that no secret is set. */
const isEmpty = (v: unknown) => v === null || v === undefined || v === "";
const hide = (v: unknown) => (isEmpty(v) ? v : REDACTED);

// The words of an environment variable's name that make its value secret (docs/decisions, "env
// values by name"): OPENAI_API_KEY, GH_TOKEN, DB_PASS, SESSION_COOKIE… A name is split into words at
// `_`, `-`, `.` and case changes, so GIT_AUTHOR_NAME is not AUTH and PASSTHROUGH is not PASS.
const secretEnvWords = new Set([
  "KEY", "KEYS", "APIKEY", "TOKEN", "SECRET", "SECRETS", "PASSWORD", "PASSWD", "PASS", "PASSPHRASE", "AUTH", "AUTHORIZATION",
  "CREDENTIAL", "CREDENTIALS", "CREDS", "PRIVATE", "COOKIE", "COOKIES", "SESSION", "BEARER", "DSN", "SIGNATURE",
]);
// a URL carrying a user and password (postgres://app:hunter2@db/app) is secret under any name
const urlWithPassword = /^[a-z][a-z0-9+.-]*:\/\/[^/@\s]*:[^/@\s]*@/i;

/** Whether an environment variable's value is secret, by its name (and a password inside a URL). */
export function isSecretEnvName(name: string): boolean {
  if (isSecretKey(name)) return true;
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase().split(/[^A-Z0-9]+/);
  return words.some((w) => secretEnvWords.has(w));
}

/** A value under an ordinary name: shown when it is plain text or a number, hidden otherwise. */
const envValue = (name: string, v: unknown) =>
  isSecretEnvName(name) || (typeof v !== "string" && typeof v !== "number" && typeof v !== "boolean") || (typeof v === "string" && urlWithPassword.test(v)) ? hide(v) : v;

/**
 * An `env` value in any of the shapes adapters take: an object of NAME → value, an array of
 * "NAME=value" strings or {name, value} objects, or one string. Names stay readable; a value under
 * a secret-like name never does, nor one whose name cannot be told (a bare string).
 */
function redactEnv(env: unknown, value: EnvRule): unknown {
  if (Array.isArray(env)) return env.map((entry) => redactEnvEntry(entry, value));
  if (env && typeof env === "object") return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, value(k, v)]));
  return hide(env);
}

function redactEnvEntry(entry: unknown, value: EnvRule): unknown {
  if (typeof entry === "string") {
    const eq = entry.indexOf("=");
    return eq > 0 ? `${entry.slice(0, eq)}=${value(entry.slice(0, eq), entry.slice(eq + 1)) ?? ""}` : hide(entry);
  }
  if (entry && typeof entry === "object" && !Array.isArray(entry)) {
    const named = Object.entries(entry).find(([k, v]) => (k === "name" || k === "key") && typeof v === "string")?.[1] as string | undefined;
    return Object.fromEntries(Object.entries(entry).map(([k, v]) => {
      if ((k === "name" || k === "key") && typeof v === "string") return [k, v];
      return [k, k === "value" && named !== undefined ? value(named, v) : hide(v)];
    }));
  }
  return hide(entry);
}

type EnvRule = (name: string, v: unknown) => unknown;
// a run's own text (prompt, transcript, log) hides every env value, harmless or not (decision 0050)
const everyEnvValue: EnvRule = (_name, v) => hide(v);

function redactWith(value: unknown, depth: number, env: EnvRule): unknown {
  if (depth > 64) return REDACTED; // deeper than any input the API accepts: hide rather than recurse on
  if (Array.isArray(value)) return value.map((v) => redactWith(v, depth + 1, env));
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = envKey.test(k) ? redactEnv(v, env) : isSecretKey(k) ? hide(v) : redactWith(v, depth + 1, env);
  }
  return out;
}

/**
 * A copy of `value` with everything under a secret-like key (isSecretKey), whatever its type, and
 * every `env` value under a secret-like name (isSecretEnvName), whatever the env's shape, replaced
 * by REDACTED. The input is not changed.
 */
export function redactSecrets(value: unknown): unknown {
  return redactWith(value, 0, envValue);
}

/**
 * Every value redactSecrets hides, as text (leaves of hidden objects too), and with `everyEnv` every
 * env value too: what a run's prompt, transcript and log must never show.
 */
export function secretValues(value: unknown, { everyEnv = false } = {}): string[] {
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
  walk(value, redactWith(value, 0, everyEnv ? everyEnvValue : envValue), 0);
  return out;
}
