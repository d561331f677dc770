import { z } from "zod";
import { dateTimeSchema, uuidSchema } from "@/lib/schemas/common";

export const goalLevels = ["company", "team", "agent", "task"] as const;
export const goalStatuses = ["planned", "active", "achieved", "cancelled"] as const;

const title = z.string().trim().min(1).max(200).describe("What the goal is");
const description = z.string().max(10_000).describe("Markdown");
const level = z.enum(goalLevels).describe("company > team > agent > task");
const status = z.enum(goalStatuses);
const parentId = uuidSchema.nullable().describe("Parent goal in the same company; null for a top-level goal");
const ownerAgentId = uuidSchema.nullable().describe("Agent of the company that owns the goal");

export const createGoalSchema = z.strictObject({
  title,
  description: description.optional(),
  level: level.default("company"),
  status: status.default("active"),
  parentId: parentId.optional(),
  ownerAgentId: ownerAgentId.optional(),
});
export type CreateGoalInput = z.infer<typeof createGoalSchema>;

export const updateGoalSchema = z.strictObject({
  title: title.optional(),
  description: description.optional(),
  level: level.optional(),
  status: status.optional(),
  parentId: parentId.optional(),
  ownerAgentId: ownerAgentId.optional(),
});
export type UpdateGoalInput = z.infer<typeof updateGoalSchema>;

export const goalParams = z.object({ goalId: uuidSchema });

export const listGoalsQuery = z.object({
  status: status.optional(),
  level: level.optional(),
  parentId: z.union([uuidSchema, z.literal("null")]).optional().describe("Children of this goal; `null` for top-level goals"),
});
export type ListGoalsFilter = z.infer<typeof listGoalsQuery>;

// ---------- responses ----------

export const goalResponseSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  title: z.string(),
  description: z.string().describe("Markdown"),
  level,
  status,
  parentId: uuidSchema.nullable(),
  ownerAgentId: uuidSchema.nullable(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
}).meta({ id: "Goal" });
