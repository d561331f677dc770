import { z } from "zod";
import { ProjectStatus } from "@/lib/generated/prisma/enums";
import { centsSchema, dateTimeSchema, intSchema, uuidSchema } from "@/lib/schemas/common";

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

// ---------- responses ----------

const sums = {
  costCents: intSchema,
  inputTokens: intSchema,
  outputTokens: intSchema,
  eventCount: intSchema,
};

export const costEventResponseSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  agentId: uuidSchema,
  issueId: uuidSchema.nullable(),
  projectId: uuidSchema.nullable(),
  runId: uuidSchema.nullable().describe("The run that reported it, for a run key"),
  provider: z.string(),
  model: z.string(),
  inputTokens: intSchema,
  outputTokens: intSchema,
  costCents: intSchema,
  estimated: z.boolean().describe("Priced by Charter from its table of model prices (the CLI printed tokens but no price, as Codex does)"),
  occurredAt: dateTimeSchema,
  createdAt: dateTimeSchema,
}).meta({ id: "CostEvent" });

export const recordedCostResponseSchema = costEventResponseSchema.extend({
  spentMonthlyCents: intSchema.describe("The agent's spend this UTC month, this event included"),
  budgetMonthlyCents: intSchema,
  budgetWarning: z.boolean().describe("At or past 80% of a non-zero budget"),
  pausedAgentIds: z.array(uuidSchema).describe("Agents this event paused for reaching a budget"),
});

export const costSummaryResponseSchema = z.object({
  companyId: uuidSchema,
  from: dateTimeSchema,
  to: dateTimeSchema.describe("Exclusive"),
  ...sums,
  budgetMonthlyCents: intSchema,
  spentMonthlyCents: intSchema,
  utilization: z.number().nullable().describe("spentMonthlyCents / budgetMonthlyCents; null without a budget"),
  budgetWarning: z.boolean(),
  overBudget: z.boolean(),
  daily: z.array(z.object({ day: z.iso.date(), ...sums })),
});

export const costsByAgentResponseSchema = z.array(z.object({
  agentId: uuidSchema,
  name: z.string(),
  urlKey: z.string(),
  role: z.string(),
  icon: z.string().nullable(),
  status: z.string(),
  pauseReason: z.string().nullable(),
  budgetMonthlyCents: intSchema,
  spentMonthlyCents: intSchema,
  budgetWarning: z.boolean(),
  ...sums,
}));

export const costsByProjectResponseSchema = z.array(z.object({
  projectId: uuidSchema.nullable().describe("null: spend without a project"),
  name: z.string().nullable(),
  status: z.enum(ProjectStatus).nullable(),
  ...sums,
}));

export const costsByModelResponseSchema = z.array(z.object({
  provider: z.string(),
  model: z.string(),
  ...sums,
}));

export const costsByIssueResponseSchema = z.array(z.object({
  issueId: uuidSchema,
  identifier: z.string(),
  title: z.string(),
  status: z.string(),
  costCents: intSchema.describe("The sum of the cost events naming the issue, over all time"),
  eventCount: intSchema,
}));
