import { z } from "zod";
import { centsSchema, uuidSchema } from "@/lib/schemas/common";

const tokens = z.number().int("must be a whole number").min(0).max(2_147_483_647);

export const createCostEventSchema = z.strictObject({
  agentId: uuidSchema.describe("The agent that spent; an agent reports only its own"),
  issueId: uuidSchema.nullable().optional().describe("The task the spend was for"),
  projectId: uuidSchema.nullable().optional().describe("Defaults to the issue's project"),
  provider: z.string().trim().min(1).max(100).describe("e.g. anthropic, openai"),
  model: z.string().trim().min(1).max(200),
  inputTokens: tokens.default(0),
  outputTokens: tokens.default(0),
  costCents: centsSchema.describe("Cost of this event in whole cents"),
  occurredAt: z.iso.datetime({ offset: true })
    .refine((v) => Date.parse(v) >= Date.UTC(1970, 0, 1), "must not be before 1970")
    .optional().describe("When the spend happened (default now); not in the future"),
});
export type CreateCostEventInput = z.infer<typeof createCostEventSchema>;

const dateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export const costRangeQuery = z.object({
  from: dateOrDateTime.optional().describe("Start, inclusive: YYYY-MM-DD (UTC) or an ISO date-time; default the start of this UTC month"),
  to: dateOrDateTime.optional().describe("End: YYYY-MM-DD includes that whole UTC day; a date-time is exclusive; default the end of this UTC month"),
});
export type CostRangeQuery = z.infer<typeof costRangeQuery>;
