// GET /api/companies/:companyId/dashboard: the company's health at a glance. No figure reads every
// issue: the tasks by status are the counts the triggers keep (IssueStatusCount), and the stale tasks
// read only the in-progress issues updated since the cut-off and the ten oldest, so it stays quick
// at 1,000,000 issues (docs/benchmarks-scale.md).
import type { AgentStatus, IssuePriority } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/services/context";
import { getCompanyOrThrow } from "@/lib/services/company-scope";
import { atLimit, atWarning, companySpendCents, monthStartUtc } from "@/lib/services/spend";
import { issueStatusCounts } from "@/lib/services/issues/counts";
import { sql, statementName } from "@/lib/db/client";

const agentStatuses: AgentStatus[] = ["idle", "running", "paused", "error", "pending_approval", "terminated"];

const DEFAULT_STALE_MINUTES = 24 * 60;

const counts = <K extends string>(keys: K[], rows: Array<{ status: K; _count: { _all: number } }>) => {
  const out = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const r of rows) out[r.status] = r._count._all;
  return out;
};

// Stale: in progress and not updated since the cut-off. Their count is every in-progress issue (the
// kept count) less those updated since the cut-off (a few, however old the company), in one statement
// so both halves read one snapshot; counting the stale ones themselves read 100,000 index entries at
// 1,000,000 issues.
const staleCountSql = `
  SELECT ((SELECT coalesce(sum(c.n), 0) FROM "IssueStatusCount" c WHERE c."companyId" = $1 AND c.status = 'in_progress')
        - (SELECT count(*) FROM unnest(enum_range(NULL::"IssuePriority")) p(priority) CROSS JOIN LATERAL (
             SELECT 1 FROM "Issue" i WHERE i."companyId" = $1 AND i.status = 'in_progress' AND i.priority = p.priority AND i."updatedAt" >= $2) f))::int AS n`;

// The ten oldest: the ten oldest of each priority, each read backwards from the end of its range of
// the list's index (companyId, status, priority, updatedAt desc, id desc), then merged. Ordered by
// updatedAt alone the index cannot serve it, and PostgreSQL scanned the whole table (2 s at 1,000,000).
const staleItemsSql = `
  SELECT s.* FROM unnest(enum_range(NULL::"IssuePriority")) p(priority) CROSS JOIN LATERAL (
    SELECT i.id, i.identifier, i.title, i.priority, i."assigneeAgentId", i."updatedAt" FROM "Issue" i
     WHERE i."companyId" = $1 AND i.status = 'in_progress' AND i.priority = p.priority AND i."updatedAt" < $2
     ORDER BY i."updatedAt", i.id LIMIT 10) s
   ORDER BY s."updatedAt", s.id LIMIT 10`;

interface StaleTask {
  id: string;
  identifier: string;
  title: string;
  priority: IssuePriority;
  assigneeAgentId: string | null;
  updatedAt: Date;
}

async function rowsOf<T extends object>(text: string, values: unknown[]): Promise<T[]> {
  return (await sql().query<T>({ name: statementName(text), text, values })).rows;
}

export async function getDashboard(ctx: ServiceContext, companyRef: string, query: { staleAfterMinutes?: number }) {
  const company = await getCompanyOrThrow(ctx, companyRef, "dashboard.read");
  const staleAfterMinutes = query.staleAfterMinutes ?? DEFAULT_STALE_MINUTES;
  const staleBefore = new Date(Date.now() - staleAfterMinutes * 60_000);
  const [agents, issues, staleCount, stale, spent, approvals, pausedForBudget, stalledIssues] = await Promise.all([
    ctx.db.agent.groupBy({ by: ["status"], where: { companyId: company.id }, _count: { _all: true } }),
    issueStatusCounts(company.id),
    rowsOf<{ n: number }>(staleCountSql, [company.id, staleBefore]).then((rows) => rows[0].n),
    rowsOf<StaleTask>(staleItemsSql, [company.id, staleBefore]),
    companySpendCents(ctx.db, company.id),
    ctx.db.approval.groupBy({ by: ["status"], where: { companyId: company.id, status: { in: ["pending", "revision_requested"] } }, _count: { _all: true } }),
    ctx.db.agent.count({ where: { companyId: company.id, status: "paused", pauseReason: "budget" } }),
    ctx.db.issueStall.count({ where: { companyId: company.id } }),
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
    stalledIssues,
  };
}
