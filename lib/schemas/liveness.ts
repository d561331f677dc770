import { z } from "zod";
import { StallReason } from "@/lib/generated/prisma/enums";
import { dateTimeSchema, intSchema, REFUSED, uuidSchema } from "@/lib/schemas/common";
import { listQuerySchema } from "@/lib/http/pagination";

export const stallReasons = Object.values(StallReason);
export const stallReasonSchema = z.enum(StallReason).describe("Why the issue is not moving (docs/api.md#liveness)");

/**
 * An integer field whose range is a rule, not a shape: out of range is a 422 naming the field
 * (the issue's "limits out of range"), a non-integer a 400.
 */
export const limitSchema = (min: number, max: number) =>
  z.number().int().refine((v) => v >= min && v <= max, { message: `must be between ${min} and ${max}`, params: REFUSED });

export const companyLimitFields = {
  staleCheckoutSec: limitSchema(600, 604_800)
    .describe("Seconds a checkout may sit with no run in flight and no activity before it is released (600–604800, default 7200)"),
  wakeCapPerHour: limitSchema(1, 1000)
    .describe("Wakes per issue per rolling hour; past it the issue is stalled with wake_loop (1–1000, default 12)"),
  waitLimitSec: limitSchema(300, 2_592_000)
    .describe("Seconds an issue may wait on an approval or a question before it counts as stalled (300–2592000, default 86400)"),
};

export const stallFactsSchema = z.object({
  agentId: uuidSchema, agentName: z.string(), runId: uuidSchema, wakeId: uuidSchema, approvalId: uuidSchema,
  questionId: uuidSchema, blockerIssueIds: z.array(uuidSchema), blockerIdentifiers: z.array(z.string()),
  lastError: z.string(), failedRuns: intSchema, limitSec: intSchema, wakesLastHour: intSchema,
  budgetScope: z.enum(["agent", "company"]), managerAgentId: uuidSchema,
}).partial().describe("The agent, run, wake, approval, question or blockers involved, by id and name; every key optional")
  .meta({ id: "StallFacts" });
export type StallFacts = z.infer<typeof stallFactsSchema>;

export const livenessSchema = z.object({
  state: z.enum(["moving", "stalled"]).describe("stalled: the liveness sweep found the issue not moving, with a reason"),
  reason: stallReasonSchema.optional(),
  since: dateTimeSchema.optional().describe("Since when it has not moved"),
  facts: stallFactsSchema.optional(),
}).meta({ id: "Liveness" });
export type Liveness = z.infer<typeof livenessSchema>;

export const livenessFilterFields = {
  liveness: z.enum(["moving", "stalled"]).optional().describe("Only issues the liveness sweep finds moving, or stalled"),
  stalledReason: stallReasonSchema.optional().describe("Only issues stalled for this reason"),
};

export const listStalledQuery = listQuerySchema.extend({
  reason: stallReasonSchema.optional().describe("Only issues stalled for this reason (counts still cover every reason)"),
});
export type ListStalledQuery = z.infer<typeof listStalledQuery>;
