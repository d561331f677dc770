// The agent configuration form's model, read off the runtime's own schemas (lib/runtime/config.ts):
// which keys an adapter reads, their kind (text, list, key/value rows, yes/no, choice, number),
// their help text and default (from each key's .describe()), and the validation (the same schemas
// without their fallbacks, lib/schemas/agents.ts). Nothing here restates a rule of the runtime.
import type { z } from "zod";
import { REDACTED } from "@/lib/dto/agents";
import { adapterConfigSchema, runtimeConfigSchema } from "@/lib/runtime/config";
import { PROCESS_COMMAND_REQUIRED, adapterConfigInputSchema, adapterTypes, missingCommand, runtimeConfigInputSchema } from "@/lib/schemas/agents";
import { centsToDollarsInput, dollarsToCents } from "@/lib/format";

export { REDACTED };
export type AdapterType = (typeof adapterTypes)[number];

export type FieldKind = "text" | "secret" | "url" | "number" | "boolean" | "choice" | "list" | "pairs";

export interface FieldSpec {
  /** dotted path in the PATCH body: adapterConfig.cwd, runtimeConfig.heartbeat.intervalSec */
  path: string;
  key: string;
  kind: FieldKind;
  help: string;
  /** the default the description names ("Default: 3600."), shown as the placeholder */
  defaultText: string | null;
  defaultValue: unknown;
  options: readonly string[];
}

export interface PairRow {
  key: string;
  value: string;
  /** the server holds a value for this key that the browser is not shown */
  stored: boolean;
}

export type FieldValue = string | boolean | PairRow[];

export interface AgentConfigDraft {
  adapterType: AdapterType;
  /** by FieldSpec.path */
  values: Record<string, FieldValue>;
  /** the stored configs: keys the form does not edit are kept as they are */
  base: { adapterConfig: Record<string, unknown>; runtimeConfig: Record<string, unknown> };
  /** dollars, as typed */
  budget: string;
}

export type ConfigErrors = Record<string, string[]>;

export interface ConfigInput {
  adapterType: AdapterType;
  adapterConfig: Record<string, unknown>;
  runtimeConfig: Record<string, unknown>;
  budgetMonthlyCents: number;
}

type Def = {
  type: string; innerType?: z.ZodType; in?: z.ZodType; entries?: Record<string, string>; shape?: Record<string, z.ZodType>; defaultValue?: unknown;
  checks?: { _zod: { def: { format?: string } } }[];
};
const defOf = (s: z.ZodType) => s._zod.def as unknown as Def;

/** The schema under its wrappers (catch, default, optional, pipe), and the default it declares. */
function core(schema: z.ZodType): { schema: z.ZodType; defaultValue: unknown } {
  let s = schema;
  let defaultValue: unknown;
  for (;;) {
    const d = defOf(s);
    if (d.type === "default") defaultValue ??= d.defaultValue;
    if (["catch", "default", "optional", "nullable"].includes(d.type)) s = d.innerType!;
    else if (d.type === "pipe") s = d.in!;
    else return { schema: s, defaultValue };
  }
}

function kindOf(schema: z.ZodType, description: string): { kind: FieldKind; options: readonly string[] } {
  const d = defOf(core(schema).schema);
  if (d.type === "enum") return { kind: "choice", options: Object.values(d.entries!) };
  if (d.type === "boolean") return { kind: "boolean", options: [] };
  if (d.type === "number") return { kind: "number", options: [] };
  if (d.type === "array") return { kind: "list", options: [] };
  if (d.type === "record") return { kind: "pairs", options: [] };
  if (d.checks?.some((c) => c._zod.def.format === "url")) return { kind: "url", options: [] };
  // the key's own documentation says when its value is kept out of transcripts: a secret
  return { kind: /redacted/i.test(description) && d.type === "string" ? "secret" : "text", options: [] };
}

const adapterWord = "process|http|claude_local|codex_local";
const segmentHead = new RegExp(`(?:^|(?<=[.;]\\s))((?:${adapterWord})(?:\\s*[,/]\\s*(?:${adapterWord}))*|Every adapter):\\s*`, "g");

/** "process: x. claude_local / codex_local: y. Default: z." → which adapters read the key, and what each is told. */
export function readDescription(description: string) {
  const defaultMatch = /(?:^|\s)Default:\s*(.*)$/.exec(description);
  const body = defaultMatch ? description.slice(0, defaultMatch.index) : description;
  const heads = [...body.matchAll(segmentHead)];
  const segments = heads.map((m, i) => ({
    adapters: m[1] === "Every adapter" ? [...adapterTypes] : m[1].split(/\s*[,/]\s*/),
    text: body.slice(m.index! + m[0].length, heads[i + 1]?.index ?? body.length).trim().replace(/[;.]$/, ""),
  }));
  return { segments, defaultText: defaultMatch ? defaultMatch[1].trim().replace(/\.$/, "") : null };
}

function specOf(path: string, key: string, schema: z.ZodType, help: string, defaultText: string | null): FieldSpec {
  const { kind, options } = kindOf(schema, schema.description ?? "");
  let defaultValue = core(schema).defaultValue;
  if (defaultValue === undefined && kind === "boolean") defaultValue = defaultText === "true";
  return { path, key, kind, help, defaultText, defaultValue, options };
}

/** The adapterConfig keys `adapterType` reads, in the schema's order; those every adapter reads come last. */
export function adapterFields(adapterType: AdapterType): FieldSpec[] {
  const fields = Object.entries(adapterConfigSchema.shape).flatMap(([key, schema]) => {
    const { segments, defaultText } = readDescription(schema.description ?? "");
    const mine = segments.find((s) => s.adapters.includes(adapterType));
    return mine ? [{ spec: specOf(`adapterConfig.${key}`, key, schema, mine.text, defaultText), shared: mine.adapters.length === adapterTypes.length }] : [];
  });
  return [...fields.filter((f) => !f.shared), ...fields.filter((f) => f.shared)].map((f) => f.spec);
}

/** The runtime settings every adapter shares: concurrency and the timer heartbeat (the loop breaker keeps its stored value). */
export function runtimeFields(): FieldSpec[] {
  const shape = runtimeConfigSchema.shape;
  const heartbeat = core(shape.heartbeat).schema as unknown as { shape: Record<string, z.ZodType> };
  const described = (path: string, key: string, s: z.ZodType) => {
    const { defaultText } = readDescription(s.description ?? "");
    const help = (s.description ?? "").replace(/\s*Default:.*$/, "");
    return specOf(path, key, s, help, defaultText);
  };
  return [
    described("runtimeConfig.heartbeat.enabled", "heartbeat.enabled", heartbeat.shape.enabled),
    described("runtimeConfig.heartbeat.intervalSec", "heartbeat.intervalSec", heartbeat.shape.intervalSec),
    described("runtimeConfig.heartbeat.wakeWhenIdle", "heartbeat.wakeWhenIdle", heartbeat.shape.wakeWhenIdle),
    described("runtimeConfig.maxConcurrentRuns", "maxConcurrentRuns", shape.maxConcurrentRuns),
  ];
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

function getPath(obj: Record<string, unknown>, dotted: string): unknown {
  return dotted.split(".").reduce<unknown>((o, k) => (isObject(o) ? o[k] : undefined), obj);
}

function setPath(obj: Record<string, unknown>, dotted: string, value: unknown) {
  const keys = dotted.split(".");
  let o = obj;
  for (const k of keys.slice(0, -1)) {
    if (!isObject(o[k])) o[k] = {};
    o = o[k] as Record<string, unknown>;
  }
  o[keys[keys.length - 1]] = value;
}

function deletePath(obj: Record<string, unknown>, dotted: string) {
  const keys = dotted.split(".");
  const parent = getPath(obj, keys.slice(0, -1).join("."));
  const holder = keys.length === 1 ? obj : parent;
  if (isObject(holder)) delete holder[keys[keys.length - 1]];
}

function formValueOf(spec: FieldSpec, stored: unknown): FieldValue {
  switch (spec.kind) {
    case "boolean": return typeof stored === "boolean" ? stored : Boolean(spec.defaultValue);
    case "list": return Array.isArray(stored) ? stored.map(String).join("\n") : "";
    case "pairs": return isObject(stored)
      ? Object.entries(stored).map(([key, v]) => (v === REDACTED ? { key, value: "", stored: true } : { key, value: String(v), stored: false }))
      : [];
    case "secret": return stored === REDACTED ? REDACTED : typeof stored === "string" ? stored : "";
    default: return stored === undefined || stored === null ? "" : String(stored);
  }
}

const allSpecs = () => [...adapterTypes.flatMap((t) => adapterFields(t)), ...runtimeFields()];

export function configDraftOf(agent: { adapterType: string; adapterConfig: Record<string, unknown>; runtimeConfig: Record<string, unknown>; budgetMonthlyCents: number }): AgentConfigDraft {
  const base = { adapterConfig: agent.adapterConfig ?? {}, runtimeConfig: agent.runtimeConfig ?? {} };
  const values: Record<string, FieldValue> = {};
  for (const spec of allSpecs()) values[spec.path] = formValueOf(spec, getPath(base, spec.path));
  return { adapterType: agent.adapterType as AdapterType, values, base, budget: centsToDollarsInput(agent.budgetMonthlyCents) };
}

export function newConfigDraft(adapterType: AdapterType = "claude_local"): AgentConfigDraft {
  return configDraftOf({ adapterType, adapterConfig: {}, runtimeConfig: {}, budgetMonthlyCents: 0 });
}

/** The stored value a field's form value stands for; undefined leaves the key out. */
function configValueOf(spec: FieldSpec, value: FieldValue): unknown {
  if (spec.kind === "boolean") return value;
  if (spec.kind === "pairs") {
    const rows = (value as PairRow[]).filter((r) => r.key.trim() !== "");
    // a stored secret left blank is sent as the marker: the server keeps it (never shown here)
    return rows.length ? Object.fromEntries(rows.map((r) => [r.key.trim(), r.value === "" && r.stored ? REDACTED : r.value])) : undefined;
  }
  const text = String(value);
  if (spec.kind === "list") {
    const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
    return lines.length ? lines : undefined;
  }
  if (text.trim() === "") return undefined;
  if (spec.kind === "number") return /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : text.trim();
  return spec.kind === "secret" ? text : text.trim();
}

/**
 * The PATCH/POST body of a draft, and what is wrong with it by field path. A field of another
 * adapter type is dropped; a key the form does not know is kept; a default is written only when
 * it was stored before, so an untouched form changes nothing (and makes no revision).
 */
export function configInputOf(draft: AgentConfigDraft): { input: ConfigInput; errors: ConfigErrors } {
  const known = new Set(allSpecs().filter((s) => s.path.startsWith("adapterConfig.")).map((s) => s.key));
  const adapterConfig = Object.fromEntries(Object.entries(draft.base.adapterConfig).filter(([k]) => !known.has(k)));
  const runtimeConfig = structuredClone(draft.base.runtimeConfig);
  const specs = [...adapterFields(draft.adapterType), ...runtimeFields()];
  for (const spec of specs) {
    const value = configValueOf(spec, draft.values[spec.path] ?? formValueOf(spec, undefined));
    const target = spec.path.startsWith("adapterConfig.") ? adapterConfig : runtimeConfig;
    const key = spec.path.replace(/^(adapterConfig|runtimeConfig)\./, "");
    const wasStored = getPath(draft.base, spec.path) !== undefined;
    if (value === undefined || (!wasStored && value === spec.defaultValue)) deletePath(target, key);
    else setPath(target, key, value);
  }
  if (isObject(runtimeConfig.heartbeat) && Object.keys(runtimeConfig.heartbeat).length === 0) delete runtimeConfig.heartbeat;
  const errors: ConfigErrors = {};
  const add = (path: string, message: string) => (errors[path] ??= []).push(message);
  for (const [field, schema, value] of [["adapterConfig", adapterConfigInputSchema, adapterConfig], ["runtimeConfig", runtimeConfigInputSchema, runtimeConfig]] as const) {
    const parsed = schema.safeParse(value);
    if (!parsed.success) for (const issue of parsed.error.issues) add([field, ...issue.path].join("."), issue.message);
  }
  if (missingCommand(draft.adapterType, adapterConfig)) add("adapterConfig.command", PROCESS_COMMAND_REQUIRED);
  const cents = dollarsToCents(draft.budget);
  if (cents === null) add("budgetMonthlyCents", "Enter an amount in dollars, such as 50 or 12.50");
  return { input: { adapterType: draft.adapterType, adapterConfig, runtimeConfig, budgetMonthlyCents: cents ?? 0 }, errors };
}

/** Stored adapterConfig keys no adapter's form knows (an instructions path may use one): saved as they are. */
export function keptKeys(draft: AgentConfigDraft): string[] {
  const known = new Set(allSpecs().map((s) => s.key));
  return Object.keys(draft.base.adapterConfig).filter((k) => !known.has(k));
}

/** The API's field errors (details[].path, with or without "body.") by field path. */
export function configErrorsOf(error: unknown): ConfigErrors {
  const details = (error as { details?: { path: string; message: string }[] } | null)?.details;
  const out: ConfigErrors = {};
  for (const d of Array.isArray(details) ? details : []) (out[d.path.replace(/^body\./, "")] ??= []).push(d.message);
  return out;
}

/** Messages for a field and anything under it (env.FOO belongs to env). */
export function errorsAt(errors: ConfigErrors | undefined, path: string): string[] {
  if (!errors) return [];
  return Object.entries(errors).filter(([p]) => p === path || p.startsWith(`${path}.`)).flatMap(([, m]) => m);
}
