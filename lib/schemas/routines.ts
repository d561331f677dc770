import { z } from "zod";
import { dateTimeSchema, jsonValueSchema, uuidSchema } from "@/lib/schemas/common";
import { issuePrioritySchema } from "@/lib/schemas/issues";

const routineStatuses = ["active", "paused"] as const;
const concurrencyPolicies = ["skip_if_active", "coalesce_if_active", "always_create"] as const;
const catchUpPolicies = ["skip_missed", "run_once"] as const;
const triggerKinds = ["schedule", "webhook", "api"] as const;
const runStatuses = ["skipped", "coalesced", "issue_created", "completed", "failed"] as const;
const skipReasons = ["paused", "assignee_paused", "active_issue", "missed_window"] as const;

const name = z.string().trim().min(1).max(200).describe("What the routine is, e.g. Daily triage");
const description = z.string().max(100_000).describe("The work, in markdown: it becomes each execution issue's description");
const titleTemplate = z.string().trim().min(1).max(500)
  .describe("Title of the issues it creates: {{routine}}, {{date}} (YYYY-MM-DD), {{time}} (HH:MM) in the schedule's zone (UTC for API and webhook fires), {{payload.x}} for a webhook body's top-level string field x");
const status = z.enum(routineStatuses).describe("paused: fires are recorded as skipped (reason paused)");
const concurrencyPolicy = z.enum(concurrencyPolicies)
  .describe("While this routine's previous execution issue is still open: skip_if_active records the fire as skipped, coalesce_if_active records it against the open issue with a comment, always_create creates another issue");
const catchUpPolicy = z.enum(catchUpPolicies)
  .describe("Schedule windows missed while no instance ran: skip_missed records them skipped, run_once fires once for all of them");

export const createRoutineSchema = z.strictObject({
  name,
  description: description.optional(),
  assigneeAgentId: uuidSchema.describe("The agent of the company that gets the work"),
  projectId: uuidSchema.nullable().optional(),
  goalId: uuidSchema.nullable().optional(),
  parentIssueId: uuidSchema.nullable().optional().describe("Execution issues become subtasks of this issue"),
  titleTemplate: titleTemplate.optional().describe("Default {{routine}} {{date}}"),
  priority: issuePrioritySchema.default("medium"),
  status: status.default("active"),
  concurrencyPolicy: concurrencyPolicy.default("skip_if_active"),
  catchUpPolicy: catchUpPolicy.default("skip_missed"),
});
export type CreateRoutineInput = z.infer<typeof createRoutineSchema>;

export const updateRoutineSchema = z.strictObject({
  name: name.optional(),
  description: description.optional(),
  assigneeAgentId: uuidSchema.optional(),
  projectId: uuidSchema.nullable().optional(),
  goalId: uuidSchema.nullable().optional(),
  parentIssueId: uuidSchema.nullable().optional(),
  titleTemplate: titleTemplate.optional(),
  priority: issuePrioritySchema.optional(),
  status: status.optional(),
  concurrencyPolicy: concurrencyPolicy.optional(),
  catchUpPolicy: catchUpPolicy.optional(),
});
export type UpdateRoutineInput = z.infer<typeof updateRoutineSchema>;

const cron = z.string().trim().min(1).max(200)
  .describe("Five fields: minute hour day-of-month month day-of-week, e.g. `0 9 * * 1-5`");
const timezone = z.string().trim().min(1).max(100).describe("IANA time zone, e.g. Europe/Paris or UTC");

export const createTriggerSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("schedule"), cron, timezone: timezone.default("UTC") }),
  z.strictObject({ kind: z.literal("webhook") }),
  z.strictObject({ kind: z.literal("api") }),
]);
export type CreateTriggerInput = z.infer<typeof createTriggerSchema>;

export const routineParams = z.object({ routineId: uuidSchema });
export const triggerParams = z.object({ routineId: uuidSchema, triggerId: uuidSchema });
export const publicTriggerParams = z.object({ publicId: z.string().min(1).max(100).describe("The trigger's public id, from its url") });

export const listRoutinesQuery = z.object({
  status: status.optional(),
  assigneeAgentId: uuidSchema.optional().describe("Only routines assigned to this agent"),
});
export type ListRoutinesFilter = z.infer<typeof listRoutinesQuery>;

export const listRunsQuery = z.object({
  status: z.enum(runStatuses).optional().describe("Only runs with this outcome"),
});

// ---------- responses ----------

const triggerResponseSchema = z.object({
  id: uuidSchema,
  routineId: uuidSchema,
  kind: z.enum(triggerKinds),
  cron: z.string().nullable(),
  timezone: z.string().nullable(),
  description: z.string().nullable().describe("A schedule in plain words (the cron expression read aloud)"),
  nextFireTimes: z.array(dateTimeSchema).describe("A schedule's next five windows; empty for other kinds"),
  url: z.string().nullable().describe("A webhook's address: POST signed deliveries here"),
  createdAt: dateTimeSchema,
}).meta({ id: "RoutineTrigger" });

export const createdTriggerResponseSchema = triggerResponseSchema.extend({
  secret: z.string().nullable().describe("A webhook's signing secret: shown only now (and when rotated)"),
}).meta({ id: "RoutineTriggerWithSecret" });

export const routineRunResponseSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  routineId: uuidSchema,
  triggerId: uuidSchema.nullable(),
  source: z.enum(triggerKinds),
  scheduledFor: dateTimeSchema.describe("The schedule window; for webhook and API fires, the moment of the fire"),
  status: z.enum(runStatuses),
  reason: z.enum(skipReasons).nullable().describe("Why a fire was skipped"),
  issueId: uuidSchema.nullable().describe("The issue it created, or for coalesced the open issue it was recorded against"),
  deliveryId: z.string().nullable().describe("A webhook's X-Charter-Delivery"),
  payload: jsonValueSchema.describe("A webhook's JSON body; {} otherwise"),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
}).meta({ id: "RoutineRun" });

export const routineResponseSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  name: z.string(),
  description: z.string(),
  assigneeAgentId: uuidSchema,
  projectId: uuidSchema.nullable(),
  goalId: uuidSchema.nullable(),
  parentIssueId: uuidSchema.nullable(),
  titleTemplate: z.string(),
  priority: issuePrioritySchema,
  status: z.enum(routineStatuses),
  concurrencyPolicy: z.enum(concurrencyPolicies),
  catchUpPolicy: z.enum(catchUpPolicies),
  triggers: z.array(triggerResponseSchema),
  nextFireAt: dateTimeSchema.nullable().describe("The earliest next window of its schedules"),
  lastRun: routineRunResponseSchema.nullable(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
}).meta({ id: "Routine" });

/** What a webhook delivery answers: the run it made (or, for a repeated delivery id, the first one). */
export const webhookFireResponseSchema = routineRunResponseSchema;
