// The governance tools (approvals, costs, dashboard), defined here and bound to the services that
// own those rules, so the MCP tools and /api share one permission check and one activity log.
// lib/mcp/server.ts binds them to lib/services (approvals, costs, dashboard).
import { z } from "zod";
import { AppError } from "@/lib/http/errors";
import type { ListQuery } from "@/lib/http/pagination";
import { centsSchema, uuidSchema } from "@/lib/schemas/common";
import type { ServiceContext } from "@/lib/services/context";
import { companyOf, companyRef, listQuery, page, readOnly, tool } from "@/lib/mcp/tools";

const approvalStatus = z.enum(["pending", "approved", "rejected", "revision_requested"]);
export type Decision = "approve" | "reject" | "request_revision";

export interface CostInput {
  agentId: string;
  issueId?: string;
  projectId?: string;
  provider: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  costCents: number;
  occurredAt?: string;
}

export interface GovernanceServices {
  listApprovals: (ctx: ServiceContext, companyRef: string, query: ListQuery & { status?: z.infer<typeof approvalStatus> }) => Promise<unknown>;
  /** board only: the service refuses agents (403) */
  decideApproval: (ctx: ServiceContext, approvalId: string, decision: Decision, decisionNote?: string) => Promise<unknown>;
  reportCost: (ctx: ServiceContext, companyRef: string, input: CostInput) => Promise<unknown>;
  getDashboard: (ctx: ServiceContext, companyRef: string) => Promise<unknown>;
}

const tokens = z.number().int().min(0).max(2_147_483_647);

export function governanceTools(s: GovernanceServices) {
  return [
    tool({
      name: "list_approvals",
      title: "List approvals",
      description: "A company's approvals (hires, CEO strategy), newest first; filter by status, e.g. pending for the board's queue.",
      input: z.object({ companyId: companyRef, status: approvalStatus.optional().describe("Only approvals in this status"), ...page }),
      annotations: readOnly,
      call: (ctx, { companyId, status, limit, cursor }) => s.listApprovals(ctx, companyOf(ctx, companyId), { status, ...listQuery({ limit, cursor }) }),
    }),
    tool({
      name: "decide_approval",
      title: "Decide an approval (board)",
      description: "Approve, reject or ask for revision of a pending approval. Board users only. Approving a hire activates the agent; rejecting terminates it; the requester is woken.",
      input: z.object({
        approvalId: uuidSchema.describe("The approval's id"),
        decision: z.enum(["approve", "reject", "request_revision"]).describe("What the board decides"),
        decisionNote: z.string().trim().max(10_000).optional().describe("Why, shown to the requester"),
      }),
      call: (ctx, { approvalId, decision, decisionNote }) => s.decideApproval(ctx, approvalId, decision, decisionNote),
    }),
    tool({
      name: "report_cost",
      title: "Report cost",
      description: "Records the cost of model usage against an agent (an agent reports only its own). Spend counts against the agent's and the company's monthly budgets.",
      input: z.object({
        companyId: companyRef,
        agentId: uuidSchema.optional().describe("The agent that spent; defaults to the calling agent"),
        issueId: uuidSchema.optional().describe("The issue the work was for (its id)"),
        projectId: uuidSchema.optional().describe("The project the work was for (its id)"),
        provider: z.string().trim().min(1).max(100).describe("e.g. anthropic, openai"),
        model: z.string().trim().min(1).max(200).describe("e.g. claude-sonnet-4"),
        inputTokens: tokens.describe("Prompt tokens used"),
        outputTokens: tokens.describe("Completion tokens used"),
        costCents: centsSchema.describe("Cost in whole US cents"),
        occurredAt: z.iso.datetime({ offset: true }).optional().describe("When it was spent (ISO 8601); default now"),
      }),
      call: (ctx, { companyId, agentId, ...rest }) => {
        const id = agentId ?? (ctx.actor.kind === "agent" ? ctx.actor.agentId : undefined);
        if (!id) throw new AppError("validation_error", "agentId is required for board users", [{ path: "agentId", message: "required" }]);
        return s.reportCost(ctx, companyOf(ctx, companyId), { agentId: id, ...rest });
      },
    }),
    tool({
      name: "dashboard",
      title: "Company dashboard",
      description: "The company's health: agents by status, tasks by status, month-to-date spend against budget, stale tasks and pending approvals.",
      input: z.object({ companyId: companyRef }),
      annotations: readOnly,
      call: (ctx, { companyId }) => s.getDashboard(ctx, companyOf(ctx, companyId)),
    }),
  ];
}
