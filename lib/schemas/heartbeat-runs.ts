import { z } from "zod";
import { AdapterType, IssueStatus, RunStepKind, WakeReason, WakeStatus } from "@/lib/generated/prisma/enums";
import { dateTimeSchema, intSchema, jsonValueSchema, uuidSchema } from "@/lib/schemas/common";

const runStatuses = ["queued", "running", "succeeded", "failed", "cancelled", "timed_out"] as const;

export const runParams = z.object({ runId: uuidSchema });

export const listRunsQuery = z.object({
  agentId: uuidSchema.optional().describe("Only this agent's runs"),
  issueId: uuidSchema.optional().describe("Only the runs that worked on this issue: woken for it, or checked it out, changed it, commented on it or created it"),
  status: z.enum(runStatuses).optional().describe("Only runs in this status"),
});

export const transcriptQuery = z.object({
  after: z.coerce.number().int().min(0).max(2_147_483_647).optional()
    .describe("Only steps with a seq greater than this (to fetch a live transcript's new steps)"),
});

export const wakeupSchema = z.strictObject({
  issueId: uuidSchema.optional().describe("The task the run is about (SERVICE_TASK_ID)"),
  note: z.string().trim().max(200).optional().describe("Shown as the wake's source"),
});

// ---------- responses ----------

export const runResponseSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  agentId: uuidSchema,
  wakeRequestId: uuidSchema.nullable(),
  reason: z.enum(WakeReason).nullable().describe("Why the agent was woken"),
  source: z.string().nullable(),
  issueId: uuidSchema.nullable(),
  commentId: uuidSchema.nullable(),
  approvalId: uuidSchema.nullable(),
  issues: z.array(z.object({ id: uuidSchema, identifier: z.string(), title: z.string(), status: z.enum(IssueStatus) }))
    .describe("The issues the run worked on: the one it was woken for first, then those it checked out, changed, commented on or created"),
  status: z.enum(runStatuses),
  adapterType: z.enum(AdapterType),
  startedAt: dateTimeSchema.nullable(),
  finishedAt: dateTimeSchema.nullable(),
  heartbeatAt: dateTimeSchema.nullable(),
  durationMs: intSchema.nullable(),
  exitCode: z.number().int().nullable(),
  error: z.string().nullable(),
  logBytes: intSchema,
  costCents: intSchema.describe("The sum of the run's cost events: those its adapter reported and those posted with its key"),
  createdAt: dateTimeSchema,
}).meta({ id: "HeartbeatRun" });

export const runLogResponseSchema = z.object({
  runId: uuidSchema,
  status: z.enum(runStatuses),
  logBytes: intSchema,
  truncated: z.boolean().describe("The log passed its cap and was cut"),
  content: z.string(),
});

export const wakeResponseSchema = z.object({
  id: uuidSchema,
  agentId: uuidSchema,
  companyId: uuidSchema,
  reason: z.enum(WakeReason),
  source: z.string(),
  issueId: uuidSchema.nullable(),
  commentId: uuidSchema.nullable(),
  approvalId: uuidSchema.nullable(),
  status: z.enum(WakeStatus).describe("coalesced: joined a wake already queued (coalescedIntoId)"),
  skipReason: z.string().nullable(),
  coalescedIntoId: uuidSchema.nullable(),
  runId: uuidSchema.nullable(),
  payload: jsonValueSchema,
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
}).meta({ id: "WakeRequest" });

export const runStepResponseSchema = z.object({
  seq: intSchema.describe("Order within the run, from 1"),
  at: dateTimeSchema,
  kind: z.enum(RunStepKind),
  text: z.string().optional().describe("Assistant or system text (markdown); a result step's final answer. Each field is cut at 8192 characters, visibly"),
  toolName: z.string().optional().describe("tool_call and tool_result: the tool (Claude's tool name; Codex: command, file_change, web_search, server.tool)"),
  input: jsonValueSchema.optional().describe("A tool call's input; a result step's usage: {costUsd, estimated, usage…}"),
  output: z.string().optional().describe("A tool result's output"),
  isError: z.boolean().optional().describe("A failed tool result, an error result, a stderr line"),
}).meta({ id: "RunStep" });

export const transcriptResponseSchema = z.object({ steps: z.array(runStepResponseSchema).describe("In seq order") });
