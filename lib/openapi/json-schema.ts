// zod → JSON Schema 2020-12 (the dialect of OpenAPI 3.1), with named schemas (those with a
// `.meta({ id })`) moved to components.schemas so that the document names each shape once.
import { z } from "zod";

export type JsonSchema = Record<string, unknown>;

/** components.schemas being filled while a document is built. */
export type SchemaDefs = Record<string, JsonSchema>;

const COMPONENTS = "#/components/schemas/";

/** Rewrites zod's local `#/$defs/X` references to the document's components. */
function relink(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(relink);
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = k === "$ref" && typeof v === "string" && v.startsWith("#/$defs/") ? COMPONENTS + v.slice("#/$defs/".length) : relink(v);
  }
  return out;
}

/**
 * The JSON Schema of `schema` as a request reads it (`input`: defaults make a field optional,
 * coercions take strings) or as a response writes it (`output`). Named schemas go into `defs`;
 * two different shapes under one name are a mistake in the schemas and throw.
 */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output", defs: SchemaDefs): JsonSchema {
  // unrepresentable parts (a transform's output, a custom check) become {}: the document stays whole
  const raw = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonSchema;
  const { $schema: _dialect, $defs, ...rest } = raw;
  for (const [name, def] of Object.entries(($defs ?? {}) as SchemaDefs)) {
    // zod numbers unnamed recursive schemas per call: the same name would mean different shapes
    if (name.startsWith("__")) throw new Error("a recursive schema needs a name: give it .meta({ id })");
    const linked = relink(def) as JsonSchema;
    if (defs[name] && JSON.stringify(defs[name]) !== JSON.stringify(linked)) {
      throw new Error(`two different schemas are named ${name} (${io})`);
    }
    defs[name] = linked;
  }
  return relink(rest) as JsonSchema;
}

/** The properties of an object schema, each with whether it is required (query and path parameters). */
export function propertiesOf(schema: JsonSchema): Array<{ name: string; schema: JsonSchema; required: boolean }> {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => ({ name, schema: s, required: required.has(name) }));
}
