import { z } from "zod";
import { dateTimeSchema, uuidSchema } from "@/lib/schemas/common";
import { adapterTypes, agentResponseSchema, createAgentSchema } from "@/lib/schemas/agents";

const approvalTypes = ["hire_agent", "approve_ceo_strategy"] as const;
const approvalStatuses = ["pending", "approved", "rejected", "revision_requested"] as const;

const payloadSchema = z.record(z.string(), z.unknown());

export const strategyPayloadSchema = z.looseObject({
  plan: z.string().trim().min(1, "the strategy's plan is required").max(100_000).describe("The CEO's strategy, markdown"),
});

export const createApprovalSchema = z.strictObject({
  type: z.enum(approvalTypes).describe("approve_ceo_strategy here; hire_agent approvals come from agent-hires"),
  requestedByAgentId: uuidSchema.describe("The requesting agent: an agent asks only for itself"),
  payload: payloadSchema.default({}).describe("For approve_ceo_strategy: {plan: string}"),
  issueIds: z.array(uuidSchema).max(50).optional().describe("Issues to link to the approval"),
}).superRefine((b, ctx) => {
  if (b.type !== "approve_ceo_strategy") return;
  const res = strategyPayloadSchema.safeParse(b.payload);
  if (!res.success) for (const i of res.error.issues) ctx.addIssue({ code: "custom", message: i.message, path: ["payload", ...i.path.map(String)] });
});
export type CreateApprovalInput = z.infer<typeof createApprovalSchema>;

export const decideApprovalSchema = z.strictObject({
  decisionNote: z.string().trim().max(10_000).optional().describe("Why; shown to the requester"),
});

/** Approving a hire may set what the hired agent runs in the same transaction (docs/decisions/0107-approve-with-config.md). */
export const approveApprovalSchema = decideApprovalSchema.extend({
  adapterType: z.enum(adapterTypes).optional().describe("hire_agent only: the hired agent's adapter; default: the one the hire asked for"),
  adapterConfig: createAgentSchema.shape.adapterConfig.describe("hire_agent only: what the hired agent runs (a command, a URL…), validated like PATCH /api/agents/:agentId"),
});
export type ApproveApprovalInput = z.infer<typeof approveApprovalSchema>;

export const resubmitApprovalSchema = z.strictObject({
  payload: payloadSchema.optional().describe("A revised payload; omitted keeps the current one"),
});

export const approvalCommentSchema = z.strictObject({
  body: z.string().trim().min(1).max(100_000).describe("Markdown"),
});

export const linkApprovalSchema = z.strictObject({
  approvalId: uuidSchema.describe("The approval to link to this issue"),
});

export const listApprovalsQuery = z.object({
  status: z.enum(approvalStatuses).optional(),
  type: z.enum(approvalTypes).optional(),
  requestedByAgentId: uuidSchema.optional(),
});

export const approvalParams = z.object({ approvalId: uuidSchema });
export const issueApprovalParams = z.object({ issueId: z.string().trim().min(1).max(200), approvalId: uuidSchema });

/**
 * What a hire asks for: the agent's fields, as POST /agent-hires takes them and the payload snapshots
 * them. Not its adapter or runtime settings (the command it runs, its environment): only the board
 * sets those, on the agent, once hired.
 */
export const hireSchema = createAgentSchema.pick({
  name: true, role: true, title: true, icon: true, capabilities: true, reportsTo: true, budgetMonthlyCents: true, adapterType: true,
}).extend({
  reason: z.string().max(10_000).optional().describe("Why this hire; shown on the approval card"),
});
export type HireInput = z.infer<typeof hireSchema>;

// ---------- responses ----------

export const approvalResponseSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  type: z.enum(approvalTypes),
  status: z.enum(approvalStatuses),
  requestedByAgentId: uuidSchema.nullable(),
  requestedByUserId: uuidSchema.nullable(),
  payload: payloadSchema.describe("hire_agent: the hire's fields; approve_ceo_strategy: {plan}"),
  subjectAgentId: uuidSchema.nullable().describe("The agent a hire approval is about"),
  decisionNote: z.string().nullable(),
  decidedByUserId: uuidSchema.nullable(),
  decidedAt: dateTimeSchema.nullable(),
  linkedIssueIds: z.array(uuidSchema),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
}).meta({ id: "Approval" });

export const approvalCommentResponseSchema = z.object({
  id: uuidSchema,
  approvalId: uuidSchema,
  body: z.string().describe("Markdown"),
  authorAgentId: uuidSchema.nullable(),
  authorUserId: uuidSchema.nullable(),
  createdAt: dateTimeSchema,
}).meta({ id: "ApprovalComment" });

export const hireResponseSchema = z.object({
  agent: agentResponseSchema,
  approval: approvalResponseSchema.nullable().describe("The hire_agent approval, when the company requires one"),
});
