// What one configuration revision changed against the one before it, key by key. Both sides come
// from the API with secrets already redacted, so a secret reads as the marker on both sides.
import { REDACTED } from "@/lib/dto/agents";

export interface ConfigChange {
  path: string;
  before: unknown;
  after: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

function flatten(value: unknown, prefix: string, out: Map<string, unknown>) {
  if (isObject(value) && Object.keys(value).length > 0) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) {
    out.set(prefix, value);
  }
  return out;
}

export function configChanges(before: unknown, after: unknown): ConfigChange[] {
  const a = flatten(before ?? {}, "", new Map());
  const b = flatten(after ?? {}, "", new Map());
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  return paths
    .filter((p) => JSON.stringify(a.get(p)) !== JSON.stringify(b.get(p)))
    .map((p) => ({ path: p, before: a.get(p), after: b.get(p) }));
}

/** A value as the diff shows it: secrets as dots, absent as a dash. */
export function shownValue(v: unknown): string {
  if (v === undefined) return "—";
  if (v === REDACTED) return "•••••• (secret)";
  return typeof v === "string" ? v : JSON.stringify(v);
}
