import { z } from "zod";
import { AgentStatus, IssueStatus, IssuePriority } from "@/lib/generated/prisma/enums";
import { dateTimeSchema, intSchema, uuidSchema } from "@/lib/schemas/common";

export const dashboardQuery = z.object({
  staleAfterMinutes: z.coerce.number().int().min(1).max(525_600).optional()
    .describe("An in-progress task with no activity for this long is stale (default 1440, a day)"),
});
export type DashboardQuery = z.output<typeof dashboardQuery>;

// ---------- responses ----------

export const dashboardResponseSchema = z.object({
  companyId: uuidSchema,
  agents: z.object({
    total: intSchema.describe("Agents not terminated"),
    byStatus: z.record(z.enum(AgentStatus), intSchema),
    pausedForBudget: intSchema,
  }),
  tasks: z.object({
    total: intSchema,
    open: intSchema.describe("backlog, todo, in_progress, in_review and blocked"),
    byStatus: z.record(z.enum(IssueStatus), intSchema),
  }),
  staleTasks: z.object({
    staleAfterMinutes: intSchema,
    count: intSchema,
    items: z.array(z.object({
      id: uuidSchema,
      identifier: z.string(),
      title: z.string(),
      priority: z.enum(IssuePriority),
      assigneeAgentId: uuidSchema.nullable(),
      updatedAt: dateTimeSchema,
    })).describe("The ten stalest, oldest update first"),
  }),
  spend: z.object({
    monthStart: dateTimeSchema,
    spentMonthlyCents: intSchema,
    budgetMonthlyCents: intSchema,
    utilization: z.number().nullable(),
    budgetWarning: z.boolean(),
    overBudget: z.boolean(),
  }),
  approvals: z.object({ pending: intSchema, revisionRequested: intSchema }),
  stalledIssues: intSchema.describe("Open issues that are not moving (GET /api/companies/{companyId}/stalled lists them, with why)"),
}).meta({ id: "Dashboard" });
