import { z } from "zod";
import { agentIcons } from "@/lib/icons";
import { centsSchema, refSchema, uuidSchema } from "@/lib/schemas/common";

export const agentRoles = ["ceo", "manager", "engineer", "researcher", "designer", "qa", "general"] as const;
export const adapterTypes = ["process", "http", "claude_local", "codex_local"] as const;

const configObject = z.record(z.string(), z.unknown());

export const iconSchema = z.enum(agentIcons).describe("One of the names listed by GET /llms/agent-icons.txt");

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
});
