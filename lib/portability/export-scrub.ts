// What of an agent's adapter and a project's workspaces may leave the instance. A package is meant to
// be published, so only settings that mean the same on any machine go out: the adapter's type, model
// and timeout, the names of its environment variables (never their values), and repository
// addresses without credentials. Everything else is named in a warning, never copied.
import { isSecretEnvName, isSecretKey, redactSecrets } from "@/lib/secrets";
import { readAdapterConfig } from "@/lib/runtime/config";

// a type, not an interface: the YAML writer takes it as a plain mapping
export type EnvInput = { kind: "secret" | "plain"; requirement: "optional" };

export interface ScrubbedAdapter {
  adapter: { type: string; config?: { model?: string; timeoutSec?: number } };
  /** env names → declarations, sorted by name; undefined when there are none */
  env?: Record<string, EnvInput>;
  /** adapter keys not exported, sorted */
  leftOut: string[];
}

const portableKeys = new Set(["model", "timeoutSec"]);
// the machine's own search path: meaningless elsewhere, and never an input a package asks for
const droppedEnvNames = new Set(["PATH"]);
const envName = /^[A-Za-z_][A-Za-z0-9_.-]{0,199}$/;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/**
 * The names of an `env` value, read from the redaction classifier's copy: exactly the parts it leaves
 * readable (object keys, the NAME of "NAME=value", the name/key of {name, value}), so a value can
 * never pass for a name. A bare string entry is a value to the classifier, so it declares nothing.
 */
export function envNames(env: unknown): string[] {
  const shown = (redactSecrets({ env }) as { env: unknown }).env;
  const names: string[] = [];
  if (isObject(shown)) names.push(...Object.keys(shown));
  else if (Array.isArray(shown)) {
    for (const entry of shown) {
      if (typeof entry === "string" && entry.indexOf("=") > 0) names.push(entry.slice(0, entry.indexOf("=")));
      else if (isObject(entry)) {
        const name = typeof entry.name === "string" ? entry.name : entry.key;
        if (typeof name === "string") names.push(name);
      }
    }
  }
  return [...new Set(names)].filter((n) => envName.test(n) && !droppedEnvNames.has(n)).sort();
}

export function scrubAdapter(type: string, storedConfig: unknown): ScrubbedAdapter {
  const raw = isObject(storedConfig) ? storedConfig : {};
  const read = readAdapterConfig(raw);
  const config = {
    ...(read.model !== undefined ? { model: read.model } : {}),
    ...(read.timeoutSec !== undefined ? { timeoutSec: read.timeoutSec } : {}),
  };
  const names = envNames(raw.env);
  const env = names.length
    ? Object.fromEntries(names.map((n): [string, EnvInput] => [n, { kind: isSecretEnvName(n) ? "secret" : "plain", requirement: "optional" }]))
    : undefined;
  return {
    adapter: { type, ...(Object.keys(config).length ? { config } : {}) },
    env,
    // a model or timeout that does not read as one stays behind as well
    leftOut: Object.keys(raw).filter((k) => !portableKeys.has(k) || !(k in config)).sort(),
  };
}

export interface ScrubbedWorkspace {
  workspace: { name?: string; repoUrl: string; repoRef?: string; isPrimary?: true } | null;
  /** why something of it stayed behind; empty when it left whole */
  notes: string[];
}

/**
 * A repository address fit to publish: no password anywhere, no user name on http(s) (where a token
 * often stands in for one), no query parameter named like a secret. An ssh user such as `git@` is a
 * login, not a credential, and the address stops working without it. Addresses that need no change
 * are kept byte for byte.
 */
function publicRepoUrl(repoUrl: string): { url: string; stripped: boolean } {
  let url: URL;
  try {
    url = new URL(repoUrl);
  } catch {
    return { url: repoUrl, stripped: false }; // user@host:path, which cannot carry a password
  }
  let stripped = false;
  if (url.password) { url.password = ""; stripped = true; }
  if (url.username && /^https?:$/.test(url.protocol)) { url.username = ""; stripped = true; }
  for (const name of [...url.searchParams.keys()]) {
    if (isSecretKey(name)) { url.searchParams.delete(name); stripped = true; }
  }
  return stripped ? { url: url.toString(), stripped } : { url: repoUrl, stripped };
}

export function scrubWorkspace(ws: { name: string; cwd: string | null; repoUrl: string | null; repoRef: string | null; isPrimary: boolean }): ScrubbedWorkspace {
  const label = ws.name ? `workspace ${JSON.stringify(ws.name)}` : "a workspace";
  if (!ws.repoUrl) return { workspace: null, notes: [`${label} has only a local directory (cwd); left out`] };
  if (/^file:/i.test(ws.repoUrl)) return { workspace: null, notes: [`${label} points at a local repository (file://); left out`] };
  const { url, stripped } = publicRepoUrl(ws.repoUrl);
  const notes: string[] = [];
  if (ws.cwd) notes.push(`${label}: its local directory (cwd) is not exported`);
  if (stripped) notes.push(`${label}: credentials removed from its repository URL`);
  return {
    workspace: {
      ...(ws.name ? { name: ws.name } : {}),
      repoUrl: url,
      ...(ws.repoRef ? { repoRef: ws.repoRef } : {}),
      ...(ws.isPrimary ? { isPrimary: true as const } : {}),
    },
    notes,
  };
}
