import { z } from "zod";
import { uuidSchema } from "@/lib/schemas/common";

export const runStatuses = ["queued", "running", "succeeded", "failed", "cancelled", "timed_out"] as const;

export const runParams = z.object({ runId: uuidSchema });

export const listRunsQuery = z.object({
  agentId: uuidSchema.optional().describe("Only this agent's runs"),
  status: z.enum(runStatuses).optional(),
});

export const wakeupSchema = z.strictObject({
  issueId: uuidSchema.optional().describe("The task the run is about (SERVICE_TASK_ID)"),
  note: z.string().trim().max(200).optional().describe("Shown as the wake's source"),
});
