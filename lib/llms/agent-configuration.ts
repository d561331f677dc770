// GET /llms/agent-configuration.txt: the adapter types and every adapterConfig and runtimeConfig key
// with its meaning, type and default, for a CEO (or a board user) preparing a hire. Generated from the
// zod schemas the runtime reads the configs with (lib/runtime/config.ts), through their JSON Schema:
// a key added there, with its .describe(), appears here without another edit.
import { z } from "zod";
import { adapterConfigSchema, runtimeConfigSchema } from "@/lib/runtime/config";
import type { adapterTypes } from "@/lib/schemas/agents";

type JsonSchema = { [key: string]: unknown };

/** What each adapter type runs; typed by the enumeration, so a new type cannot go unexplained. */
const adapterTypeMeanings: Record<(typeof adapterTypes)[number], string> = {
  process: "Spawns adapterConfig.command (with args, or as a /bin/sh line) for each heartbeat; the program calls the API itself.",
  http: "POSTs a signed JSON wake ({runId, agentId, companyId, wake, env}) to adapterConfig.url; the service behind it calls the API.",
  claude_local: "Runs Claude Code (`claude -p`) on the worker's machine with the agent's instructions file, the Charter skill and the wake prompt; Charter records its cost and transcript.",
  codex_local: "Runs Codex (`codex exec`) on the worker's machine with the agent's instructions file, the Charter skill and the wake prompt; Charter records its (estimated) cost and transcript.",
};

/** A one-line type: the JSON type with its enumeration, bounds and format. */
function typeOf(s: JsonSchema): string {
  if (Array.isArray(s.enum)) return `one of ${s.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  const items = s.items as JsonSchema | undefined;
  let type = s.type === "array" && items ? `array of ${typeOf(items)}` : s.type === "object" && s.additionalProperties ? "object of name → value" : String(s.type ?? "any");
  if (s.minimum !== undefined || s.maximum !== undefined) type += `, ${s.minimum ?? "…"}–${s.maximum ?? "…"}`;
  if (s.format) type += `, ${String(s.format)}`;
  return type;
}

/** One entry per key, nested objects' keys as `parent.key` after their parent. */
function entries(schema: JsonSchema, prefix = ""): string[] {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(props).flatMap(([name, s]) => {
    const key = `${prefix}${name}`;
    const head = `${key} (${typeOf(s)}${"default" in s ? `; default ${JSON.stringify(s.default)}` : ""})`;
    const text = typeof s.description === "string" ? s.description : "(not described)";
    const nested = s.type === "object" && s.properties ? entries(s, `${key}.`) : [];
    return [`${head}\n    ${text}`, ...nested];
  });
}

/** The schema as a client writes it (input): defaults and bounds included, the runtime's lenient fallbacks left out. */
const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;

export function agentConfigurationText(): string {
  const types = Object.entries(adapterTypeMeanings).map(([type, meaning]) => `${type}\n    ${meaning}`);
  return `# Charter agent configuration

An agent's adapterType says how Charter runs its heartbeats. adapterConfig (what the adapter runs) and
runtimeConfig (when and how often it runs) are JSON objects on the agent, set by the board when it
creates or edits the agent (POST /api/companies/:companyId/agents, PATCH /api/agents/:agentId). A hire
(POST /api/companies/:companyId/agent-hires) names the adapterType only; the board sets adapterConfig
and runtimeConfig once the hire is approved, so a CEO preparing a hire describes the settings it needs in
the hire's reason. Every key is optional unless its text says required. A value that does not fit is
read as the default, and an adapter that cannot run fails its run with a sentence saying why.

## Adapter types

${types.join("\n\n")}

## adapterConfig

${entries(jsonSchemaOf(adapterConfigSchema)).join("\n\n")}

## runtimeConfig

${entries(jsonSchemaOf(runtimeConfigSchema)).join("\n\n")}

The agent skill (heartbeat procedure and API reference) is /llms/skill.md; agent icons are listed at
/llms/agent-icons.txt.
`;
}
