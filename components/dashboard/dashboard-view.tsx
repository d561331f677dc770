// The company dashboard: the endpoint's figures and the latest activity, server-rendered.
import Link from "next/link";
import type { ActivityDto } from "@/lib/dto/activity";
import type { Dashboard } from "@/lib/queries/dashboard";
import { formatCents, formatShortDateTime, humanize, statusLabels } from "@/lib/format";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { BudgetMeter } from "@/components/agents/budget-meter";
import { statusDot } from "@/components/issues/issue-badges";
import { Actor, describe, type DescribeContext } from "@/components/activity/describe";

function Stat({ label, value, href, hint, testId }: { label: string; value: string; href?: string; hint?: string; testId?: string }) {
  const body = (
    <Card className="h-full transition-colors hover:border-slate-300">
      <CardBody>
        <p className="text-sm text-slate-500">{label}</p>
        <p className="mt-1 text-2xl font-semibold tabular-nums text-slate-900" data-testid={testId}>{value}</p>
        {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      </CardBody>
    </Card>
  );
  return href ? <Link href={href} className="block">{body}</Link> : body;
}

const agentTone: Record<string, string> = {
  idle: "bg-emerald-500", running: "bg-sky-500", paused: "bg-amber-500", error: "bg-red-500", pending_approval: "bg-violet-500", terminated: "bg-slate-300",
};

/** One stacked bar of counts by status, with a legend. */
function Breakdown({ counts, tones, labels, testId }: { counts: Record<string, number>; tones: Record<string, string>; labels: Record<string, string>; testId: string }) {
  const entries = Object.entries(counts).filter(([, n]) => n > 0);
  const total = entries.reduce((n, [, c]) => n + c, 0);
  if (total === 0) return <p className="text-sm text-slate-500">None yet.</p>;
  return (
    <div className="space-y-3" data-testid={testId}>
      <div className="flex h-3 w-full overflow-hidden rounded-full bg-slate-100">
        {entries.map(([k, n]) => <div key={k} className={tones[k] ?? "bg-slate-400"} style={{ width: `${(n / total) * 100}%` }} title={`${labels[k] ?? humanize(k)}: ${n}`} />)}
      </div>
      <ul className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {entries.map(([k, n]) => (
          <li key={k} className="flex items-center justify-between gap-2">
            <span className="flex items-center gap-2 text-slate-600"><span className={`size-2 rounded-full ${tones[k] ?? "bg-slate-400"}`} />{labels[k] ?? humanize(k)}</span>
            <span className="tabular-nums text-slate-900">{n}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function DashboardView({ data, prefix, activity, describeCtx }: { data: Dashboard; prefix: string; activity: ActivityDto[]; describeCtx: DescribeContext }) {
  const stalled = data.stalledIssues;
  const live = data.agents.total;
  const stale = data.staleTasks;
  const hours = stale.staleAfterMinutes % 60 === 0 ? `${stale.staleAfterMinutes / 60} h` : `${stale.staleAfterMinutes} min`;
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <Stat label="Agents" value={String(live)} href={`/${prefix}/agents`} testId="stat-agents"
          hint={`${data.agents.byStatus.running} running · ${data.agents.byStatus.paused} paused${data.agents.pausedForBudget ? ` (${data.agents.pausedForBudget} for budget)` : ""}`} />
        <Stat label="Open tasks" value={String(data.tasks.open)} href={`/${prefix}/issues`} testId="stat-open-tasks" hint={`${data.tasks.byStatus.in_progress} in progress · ${data.tasks.byStatus.blocked} blocked`} />
        <Stat label="Spent this month" value={formatCents(data.spend.spentMonthlyCents)} href={`/${prefix}/costs`} testId="stat-spend"
          hint={data.spend.budgetMonthlyCents ? `of ${formatCents(data.spend.budgetMonthlyCents, { compact: true })} budget` : "no monthly limit"} />
        <Stat label="Pending approvals" value={String(data.approvals.pending)} href={`/${prefix}/approvals`} testId="stat-approvals"
          hint={data.approvals.revisionRequested ? `${data.approvals.revisionRequested} sent back for revision` : "waiting for the board"} />
        <Stat label="Not moving" value={String(stalled)} href={`/${prefix}/stalled`} testId="stat-stalled" hint={stalled ? "open issues that say why" : "every open issue is moving"} />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card>
          <CardHeader title="Agents by status" />
          <CardBody><Breakdown counts={data.agents.byStatus} tones={agentTone} labels={statusLabels} testId="agents-breakdown" /></CardBody>
        </Card>
        <Card>
          <CardHeader title="Tasks by status" />
          <CardBody><Breakdown counts={data.tasks.byStatus} tones={statusDot} labels={{}} testId="tasks-breakdown" /></CardBody>
        </Card>
        <Card>
          <CardHeader title="Budget" description="This UTC month, all agents" />
          <CardBody><BudgetMeter spent={data.spend.spentMonthlyCents} budget={data.spend.budgetMonthlyCents} subject="company" /></CardBody>
        </Card>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader title="Stale tasks" description={`In progress with no activity for ${hours}`} actions={<span className="text-sm tabular-nums text-slate-500" data-testid="stale-count">{stale.count}</span>} />
          <CardBody>
            {stale.items.length === 0 ? <p className="text-sm text-slate-500">Nothing is stuck.</p> : (
              <ul className="space-y-2" data-testid="stale-tasks">
                {stale.items.map((i) => (
                  <li key={i.id} className="flex items-center justify-between gap-3 text-sm">
                    <Link href={`/${prefix}/issues/${i.identifier}`} className="min-w-0 truncate text-slate-800 hover:text-indigo-700 hover:underline">
                      <span className="font-mono text-xs text-slate-500">{i.identifier}</span> {i.title}
                    </Link>
                    <span className="shrink-0 text-xs text-slate-500">since {formatShortDateTime(i.updatedAt)}</span>
                  </li>
                ))}
              </ul>
            )}
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Recent activity" actions={<Link href={`/${prefix}/activity`} className="text-sm text-indigo-700 hover:underline">All activity</Link>} />
          <CardBody>
            {activity.length === 0 ? <EmptyState title="No activity yet" className="py-8" /> : (
              <ol className="space-y-2 text-sm" data-testid="recent-activity">
                {activity.map((row) => (
                  <li key={row.id} className="flex items-start justify-between gap-3">
                    <p className="min-w-0 text-slate-600"><Actor row={row} ctx={describeCtx} /> {describe(row, describeCtx)}</p>
                    <time className="shrink-0 text-xs text-slate-400" dateTime={row.createdAt}>{formatShortDateTime(row.createdAt)}</time>
                  </li>
                ))}
              </ol>
            )}
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
