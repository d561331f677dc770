import { z } from "zod";
import { agentIcons } from "@/lib/icons";
import { AdapterType, AgentRole, AgentStatus, PauseReason } from "@/lib/generated/prisma/enums";
import { centsSchema, dateTimeSchema, intSchema, refSchema, uuidSchema } from "@/lib/schemas/common";
import { adapterConfigSchema, runtimeConfigSchema } from "@/lib/runtime/config";

export const agentRoles = ["ceo", "manager", "engineer", "researcher", "designer", "qa", "general"] as const;
export const adapterTypes = ["process", "http", "claude_local", "codex_local"] as const;

const configObject = z.record(z.string(), z.unknown());

const iconSchema = z.enum(agentIcons).describe("One of the names listed by GET /llms/agent-icons.txt");

export const createAgentSchema = z.strictObject({
  name: z.string().trim().min(1).max(100).describe("Display name; @-mentions match it whole, case-insensitive"),
  role: z.enum(agentRoles).default("general"),
  title: z.string().max(200).optional(),
  icon: iconSchema.nullable().optional(),
  capabilities: z.string().max(10_000).optional(),
  reportsTo: uuidSchema.nullable().optional().describe("Manager agent id in the same company"),
  adapterType: z.enum(adapterTypes).default("process"),
  adapterConfig: configObject.optional(),
  runtimeConfig: configObject.optional(),
  budgetMonthlyCents: centsSchema.optional().describe("Monthly budget in cents; 0 means no limit"),
});
export type CreateAgentInput = z.infer<typeof createAgentSchema>;

export const updateAgentSchema = z.strictObject({
  name: z.string().trim().min(1).max(100).optional(),
  role: z.enum(agentRoles).optional(),
  title: z.string().max(200).optional(),
  icon: iconSchema.nullable().optional(),
  capabilities: z.string().max(10_000).optional(),
  reportsTo: uuidSchema.nullable().optional(),
  adapterType: z.enum(adapterTypes).optional(),
  adapterConfig: configObject.optional(),
  runtimeConfig: configObject.optional(),
  budgetMonthlyCents: centsSchema.optional(),
});
export type UpdateAgentInput = z.infer<typeof updateAgentSchema>;

export const instructionsPathSchema = z.strictObject({
  path: z.string().min(1).max(4096).refine((p) => !p.includes("\0"), "must not contain NUL").nullable()
    .describe("Instructions file path; null clears it. Relative paths resolve against adapterConfig.cwd"),
  adapterConfigKey: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, "must be an identifier").optional()
    .describe("adapterConfig key to set, for adapters other than claude_local and codex_local"),
});
export type InstructionsPathInput = z.infer<typeof instructionsPathSchema>;

export const createKeySchema = z.strictObject({
  name: z.string().trim().min(1).max(100).default("API key"),
});

export const agentParams = z.object({ agentId: refSchema });
export const agentKeyParams = z.object({ agentId: refSchema, keyId: uuidSchema });
export const revisionParams = z.object({ agentId: refSchema, revisionId: uuidSchema });

export const listAgentsQuery = z.object({
  status: z.enum(["idle", "running", "paused", "error", "pending_approval", "terminated"]).optional(),
  role: z.enum(agentRoles).optional(),
  q: z.string().trim().min(1).max(200).optional().describe("Agents whose name, title or urlKey contains this text (any case)"),
  reportsTo: uuidSchema.optional().describe("Only the direct reports of this agent"),
});

// ---------- responses ----------

const chainItemSchema = z.object({ id: uuidSchema, name: z.string(), role: z.string(), title: z.string() });

const readinessSchema = z.object({
  ok: z.boolean().describe("Its adapter has what a run needs: a command or URL, a program on the server's PATH, an existing working directory, and (http) a last wake that was delivered"),
  reason: z.string().nullable().describe("Why it cannot run, in a phrase (\"no command is set\"); null when ok"),
}).meta({ id: "AgentReadiness" });

const agentFields = {
  id: uuidSchema,
  companyId: uuidSchema,
  name: z.string(),
  urlKey: z.string().describe("The agent's readable key in paths (/api/agents/{urlKey})"),
  role: z.enum(AgentRole),
  title: z.string(),
  icon: z.string().nullable(),
  capabilities: z.string(),
  status: z.enum(AgentStatus),
  pauseReason: z.enum(PauseReason).nullable().describe("Why a paused agent is paused"),
  reportsTo: uuidSchema.nullable().describe("Manager agent id"),
  adapterType: z.enum(AdapterType),
  adapterConfig: configObject.describe("Adapter settings; secret-looking values read ***redacted***"),
  runtimeConfig: configObject.describe("Runtime settings; secret-looking values read ***redacted***"),
  budgetMonthlyCents: intSchema.describe("Monthly budget in cents; 0 means no limit"),
  spentMonthlyCents: intSchema.describe("Spent in the current UTC month, in cents"),
  budgetWarning: z.boolean().describe("At or past 80% of a non-zero budget"),
  lastHeartbeatAt: dateTimeSchema.nullable(),
  readiness: readinessSchema,
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
};

export const agentResponseSchema = z.object({
  ...agentFields,
  chainOfCommand: z.array(chainItemSchema).optional().describe("Managers from the direct one up to the CEO (single-agent reads)"),
  budgetPause: z.enum(["agent", "company"]).optional()
    .describe("A budget-paused agent's single-agent read: whose monthly budget is spent, its own or the company's"),
}).meta({ id: "Agent" });

export const agentKeyResponseSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  createdAt: dateTimeSchema,
  revokedAt: dateTimeSchema.nullable(),
}).meta({ id: "AgentKey" });

export const createdAgentKeyResponseSchema = agentKeyResponseSchema.extend({
  token: z.string().describe("The key itself, shown once: send it as Authorization: Bearer"),
});

export const configRevisionResponseSchema = z.object({
  id: uuidSchema,
  agentId: uuidSchema,
  revision: intSchema,
  config: configObject.describe("The agent's settings after this revision; secrets redacted. `instructions` lists the managed instructions bundle of that revision (path, bytes, sha256 per file)"),
  changedKeys: z.array(z.string()),
  reason: z.string(),
  rolledBackFromId: uuidSchema.nullable(),
  createdByAgentId: uuidSchema.nullable(),
  createdByUserId: uuidSchema.nullable(),
  createdAt: dateTimeSchema,
}).meta({ id: "ConfigRevision" });

export const orgNodeSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  urlKey: z.string(),
  role: z.string(),
  title: z.string(),
  icon: z.string().nullable(),
  status: z.string(),
  readiness: readinessSchema,
  get reports(): z.ZodArray<typeof orgNodeSchema> {
    return z.array(orgNodeSchema);
  },
}).meta({ id: "OrgNode" });

// ---------- configuration as the board writes it ----------

/**
 * The runtime reads configs leniently (a wrong value falls back to its default: lib/runtime/config.ts);
 * a form or a PATCH should hear about the wrong value instead. This is the same schema with its
 * fallbacks taken off: every key keeps its type, bounds, enum and description, defaults become
 * optional, and keys the runtime does not know pass through (an instructions path may use one).
 */
function strictOf(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as { type: string; innerType?: z.ZodType; shape?: Record<string, z.ZodType> };
  let out: z.ZodType;
  if (def.type === "catch") out = strictOf(def.innerType!);
  else if (def.type === "default" || def.type === "optional") out = strictOf(def.innerType!).optional();
  else if (def.type === "object") out = z.looseObject(Object.fromEntries(Object.entries(def.shape!).map(([k, v]) => [k, strictOf(v)])));
  else out = schema;
  return schema.description ? out.describe(schema.description) : out;
}

export const adapterConfigInputSchema = strictOf(adapterConfigSchema);

/** The rule a board write and the board's form share: a `process` agent runs its command, so it needs one. */
export const PROCESS_COMMAND_REQUIRED = "is required for a process agent";
export function missingCommand(adapterType: string, adapterConfig: unknown): boolean {
  if (adapterType !== "process") return false;
  const command = adapterConfig && typeof adapterConfig === "object" ? (adapterConfig as Record<string, unknown>).command : undefined;
  return typeof command !== "string" || command.trim() === "";
}
export const runtimeConfigInputSchema = strictOf(runtimeConfigSchema);

const testEnvironmentCheckSchema = z.object({
  name: z.string().describe("What was checked: command, cwd, instructions, url, version"),
  ok: z.boolean(),
  message: z.string().describe("What was found, in a sentence"),
});

export const testEnvironmentResponseSchema = z.object({
  ok: z.boolean().describe("Every check passed"),
  checks: z.array(testEnvironmentCheckSchema),
}).meta({ id: "TestEnvironmentResult" });
