// The governance tools (approvals, costs, dashboard), defined here and bound to the services that
// own those rules, so the MCP tools and /api share one permission check and one activity log.
// lib/mcp/server.ts binds them to lib/services (approvals, costs, dashboard).
import { z } from "zod";
import { AppError } from "@/lib/http/errors";
import type { ListQuery } from "@/lib/http/pagination";
import { approvalParams, decideApprovalSchema, listApprovalsQuery } from "@/lib/schemas/approvals";
import { createCostEventSchema, type CreateCostEventInput } from "@/lib/schemas/costs";
import { dashboardQuery, type DashboardQuery } from "@/lib/schemas/dashboard";
import type { ServiceContext } from "@/lib/services/context";
import { companyOf, companyRef, listQuery, page, readOnly, tool } from "@/lib/mcp/tools";

export type Decision = "approve" | "reject" | "request_revision";

export interface GovernanceServices {
  listApprovals: (ctx: ServiceContext, companyRef: string, query: ListQuery & z.output<typeof listApprovalsQuery>) => Promise<unknown>;
  /** board only: the service refuses agents (403) */
  decideApproval: (ctx: ServiceContext, approvalId: string, decision: Decision, decisionNote?: string) => Promise<unknown>;
  reportCost: (ctx: ServiceContext, companyRef: string, input: CreateCostEventInput) => Promise<unknown>;
  getDashboard: (ctx: ServiceContext, companyRef: string, query: DashboardQuery) => Promise<unknown>;
}

export function governanceTools(s: GovernanceServices) {
  return [
    tool({
      name: "list_approvals",
      title: "List approvals",
      description: "A company's approvals (hires, CEO strategy), newest first; filter by status, e.g. pending for the board's queue.",
      mirrors: { route: "app/api/companies/[companyId]/approvals/route.ts", method: "GET" },
      input: z.object({
        companyId: companyRef,
        status: listApprovalsQuery.shape.status.describe("Only approvals in this status"),
        type: listApprovalsQuery.shape.type.describe("Only approvals of this type"),
        requestedByAgentId: listApprovalsQuery.shape.requestedByAgentId.describe("Only approvals this agent requested (its id)"),
        ...page,
      }),
      annotations: readOnly,
      call: (ctx, { companyId, limit, cursor, ...filter }) => s.listApprovals(ctx, companyOf(ctx, companyId), { ...filter, ...listQuery({ limit, cursor }) }),
    }),
    tool({
      name: "decide_approval",
      title: "Decide an approval (board)",
      description: "Approve, reject or ask for revision of a pending approval. Board users only. Approving a hire activates the agent; rejecting terminates it; the requester is woken.",
      mirrors: {
        route: "app/api/approvals/[approvalId]/approve/route.ts", method: "POST",
        differs: { decision: "one tool for the approve, reject and request-revision routes, which take the same fields" },
        relaxed: {
          adapterType: "setting a hire's adapter on approval is the board's dialog and the route's; here a hire is approved as asked",
          adapterConfig: "setting a hire's adapter on approval is the board's dialog and the route's; here a hire is approved as asked",
        },
      },
      input: z.object({
        approvalId: approvalParams.shape.approvalId.describe("The approval's id"),
        decision: z.enum(["approve", "reject", "request_revision"]).describe("What the board decides"),
        decisionNote: decideApprovalSchema.shape.decisionNote.describe("Why, shown to the requester"),
      }),
      call: (ctx, { approvalId, decision, decisionNote }) => s.decideApproval(ctx, approvalId, decision, decisionNote),
    }),
    tool({
      name: "report_cost",
      title: "Report cost",
      description: "Records the cost of model usage against an agent (an agent reports only its own). Spend counts against the agent's and the company's monthly budgets.",
      mirrors: { route: "app/api/companies/[companyId]/cost-events/route.ts", method: "POST", relaxed: { agentId: "defaults to the calling agent" } },
      input: z.object({
        companyId: companyRef,
        ...createCostEventSchema.shape,
        agentId: createCostEventSchema.shape.agentId.optional().describe("The agent that spent; defaults to the calling agent"),
        issueId: createCostEventSchema.shape.issueId.describe("The issue the work was for (its id)"),
        projectId: createCostEventSchema.shape.projectId.describe("The project the work was for (its id); default the issue's"),
        model: createCostEventSchema.shape.model.describe("e.g. claude-sonnet-4"),
        inputTokens: createCostEventSchema.shape.inputTokens.describe("Prompt tokens used (default 0)"),
        outputTokens: createCostEventSchema.shape.outputTokens.describe("Completion tokens used (default 0)"),
        costCents: createCostEventSchema.shape.costCents.describe("Cost in whole US cents"),
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
      mirrors: { route: "app/api/companies/[companyId]/dashboard/route.ts", method: "GET" },
      input: z.object({ companyId: companyRef, ...dashboardQuery.shape }),
      annotations: readOnly,
      call: (ctx, { companyId, ...query }) => s.getDashboard(ctx, companyOf(ctx, companyId), query),
    }),
  ];
}
