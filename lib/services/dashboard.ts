// GET /api/companies/:companyId/dashboard: the company's health at a glance. Every figure is a
// count or a sum over an index that leads with companyId, so it stays quick at 100,000 issues.
import type { AgentStatus } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/services/context";
import { getCompanyOrThrow } from "@/lib/services/company-scope";
import { atLimit, atWarning, companySpendCents, monthStartUtc } from "@/lib/services/spend";
import { issueStatusCounts } from "@/lib/services/issues/counts";

const agentStatuses: AgentStatus[] = ["idle", "running", "paused", "error", "pending_approval", "terminated"];

const DEFAULT_STALE_MINUTES = 24 * 60;

const counts = <K extends string>(keys: K[], rows: Array<{ status: K; _count: { _all: number } }>) => {
  const out = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const r of rows) out[r.status] = r._count._all;
  return out;
};

export async function getDashboard(ctx: ServiceContext, companyRef: string, query: { staleAfterMinutes?: number }) {
  const company = await getCompanyOrThrow(ctx, companyRef, "dashboard.read");
  const staleAfterMinutes = query.staleAfterMinutes ?? DEFAULT_STALE_MINUTES;
  const staleBefore = new Date(Date.now() - staleAfterMinutes * 60_000);
  const staleWhere = { companyId: company.id, status: "in_progress" as const, updatedAt: { lt: staleBefore } };
  const [agents, issues, staleCount, stale, spent, approvals, pausedForBudget] = await Promise.all([
    ctx.db.agent.groupBy({ by: ["status"], where: { companyId: company.id }, _count: { _all: true } }),
    issueStatusCounts(company.id),
    ctx.db.issue.count({ where: staleWhere }),
    ctx.db.issue.findMany({
      where: staleWhere, orderBy: [{ updatedAt: "asc" }, { id: "asc" }], take: 10,
      select: { id: true, identifier: true, title: true, priority: true, assigneeAgentId: true, updatedAt: true },
    }),
    companySpendCents(ctx.db, company.id),
    ctx.db.approval.groupBy({ by: ["status"], where: { companyId: company.id, status: { in: ["pending", "revision_requested"] } }, _count: { _all: true } }),
    ctx.db.agent.count({ where: { companyId: company.id, status: "paused", pauseReason: "budget" } }),
  ]);
  const agentCounts = counts(agentStatuses, agents);
  const taskCounts = issues.byStatus;
  const budget = company.budgetMonthlyCents;
  const approvalCounts = Object.fromEntries(approvals.map((a) => [a.status, a._count._all]));
  return {
    companyId: company.id,
    agents: { total: agents.reduce((n, a) => n + a._count._all, 0) - agentCounts.terminated, byStatus: agentCounts, pausedForBudget },
    tasks: { total: issues.total, open: taskCounts.backlog + taskCounts.todo + taskCounts.in_progress + taskCounts.in_review + taskCounts.blocked, byStatus: taskCounts },
    staleTasks: {
      staleAfterMinutes, count: staleCount,
      items: stale.map((s) => ({ ...s, updatedAt: s.updatedAt.toISOString() })),
    },
    spend: {
      monthStart: monthStartUtc().toISOString(), spentMonthlyCents: spent, budgetMonthlyCents: budget,
      utilization: budget > 0 ? spent / budget : null, budgetWarning: atWarning(spent, budget), overBudget: atLimit(spent, budget),
    },
    approvals: { pending: approvalCounts.pending ?? 0, revisionRequested: approvalCounts.revision_requested ?? 0 },
  };
}
