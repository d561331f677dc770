import { z } from "zod";
import { agentResponseSchema, createAgentSchema } from "@/lib/schemas/agents";
import { approvalResponseSchema } from "@/lib/schemas/approvals";
import { dateTimeSchema, intSchema, uuidSchema } from "@/lib/schemas/common";

export const createInviteSchema = z.strictObject({
  agentMessage: z.string().max(10_000).optional().describe("A note for the invited agent, shown in its onboarding document"),
});

/**
 * What a joining agent says about itself; it cannot make itself CEO, pick its manager, or set the
 * adapter settings the runtime executes (the board configures those on the agent).
 */
export const acceptInviteSchema = createAgentSchema.pick({
  name: true, title: true, icon: true, capabilities: true, adapterType: true,
}).extend({
  role: z.enum(["manager", "engineer", "researcher", "designer", "qa", "general"]).default("general"),
});
export type AcceptInviteInput = z.infer<typeof acceptInviteSchema>;

export const inviteTokenParams = z.object({ token: z.string().min(1).max(200) });

// ---------- responses ----------

export const inviteResponseSchema = z.object({
  inviteId: uuidSchema,
  companyId: uuidSchema,
  token: z.string().describe("The invite token (single use); part of both URLs"),
  onboardingUrl: z.string().describe("The onboarding document the invited agent reads"),
  acceptUrl: z.string().describe("Where the invited agent POSTs to join"),
  expiresAt: dateTimeSchema,
  expiresInSeconds: intSchema,
  singleUse: z.boolean(),
  prompt: z.string().describe("A message to paste to the agent being invited"),
});

export const acceptedInviteResponseSchema = z.object({
  agent: agentResponseSchema,
  apiKey: z.object({
    id: uuidSchema,
    name: z.string(),
    token: z.string().describe("The new agent's API key, shown once"),
    createdAt: dateTimeSchema,
  }),
  approval: approvalResponseSchema.nullable().describe("The hire_agent approval, when the company requires one"),
});
