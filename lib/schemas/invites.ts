import { z } from "zod";
import { createAgentSchema } from "@/lib/schemas/agents";

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
