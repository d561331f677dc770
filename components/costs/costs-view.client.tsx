"use client";

import Link from "next/link";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import {
  costKeys, fetchCostSummary, fetchCostsByAgent, fetchCostsByIssue, fetchCostsByModel, fetchCostsByProject,
  type AgentCost, type CostRangeParams, type CostSummary, type IssueCost, type ModelCost, type ProjectCost,
} from "@/lib/queries/costs";
import { formatBudget, formatCents, formatDate, spendPercent } from "@/lib/format";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { ProgressBar } from "@/components/ui/progress";
import { EmptyState } from "@/components/ui/empty-state";
import { AgentStatusBadge } from "@/components/agents/status-badge";
import { BudgetMeter } from "@/components/agents/budget-meter";
import { BarList, SpendChart, fillDays } from "@/components/costs/spend-chart";
import { presets } from "@/components/costs/ranges";

export interface CostsInitial {
  range: CostRangeParams;
  summary: CostSummary;
  byAgent: AgentCost[];
  byProject: ProjectCost[];
  byModel: ModelCost[];
  byIssue: IssueCost[];
}

export function CostsView({ companyId, prefix, initial }: { companyId: string; prefix: string; initial: CostsInitial }) {
  const [range, setRange] = useState<CostRangeParams>(initial.range);
  const same = range.from === initial.range.from && range.to === initial.range.to;
  const summary = useQuery({ queryKey: costKeys.report(companyId, "summary", range), queryFn: () => fetchCostSummary(companyId, range), initialData: same ? initial.summary : undefined });
  const byAgent = useQuery({ queryKey: costKeys.report(companyId, "by-agent", range), queryFn: () => fetchCostsByAgent(companyId, range), initialData: same ? initial.byAgent : undefined });
  const byProject = useQuery({ queryKey: costKeys.report(companyId, "by-project", range), queryFn: () => fetchCostsByProject(companyId, range), initialData: same ? initial.byProject : undefined });
  const byModel = useQuery({ queryKey: costKeys.report(companyId, "by-model", range), queryFn: () => fetchCostsByModel(companyId, range), initialData: same ? initial.byModel : undefined });
  const byIssue = useQuery({ queryKey: [...costKeys.all(companyId), "by-issue"], queryFn: () => fetchCostsByIssue(companyId), initialData: initial.byIssue });

  const choose = (next: CostRangeParams) => {
    if (!next.from || !next.to || next.from > next.to) return;
    setRange(next);
    const url = new URL(window.location.href);
    url.searchParams.set("from", next.from);
    url.searchParams.set("to", next.to);
    window.history.replaceState(null, "", url.pathname + url.search);
  };
  const s = summary.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-2" data-testid="cost-range">
        {presets().map((p) => {
          const active = p.range.from === range.from && p.range.to === range.to;
          return (
            <button key={p.key} onClick={() => choose(p.range)} aria-pressed={active}
              className={active ? "rounded-md bg-accent px-3 py-1.5 text-sm font-medium text-on-accent" : "rounded-md bg-white px-3 py-1.5 text-sm text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50"}>
              {p.label}
            </button>
          );
        })}
        <label className="ml-2 flex items-center gap-1.5 text-sm text-slate-600">From <Input type="date" aria-label="From" value={range.from} onChange={(e) => choose({ ...range, from: e.target.value })} className="w-40" /></label>
        <label className="flex items-center gap-1.5 text-sm text-slate-600">to <Input type="date" aria-label="To" value={range.to} onChange={(e) => choose({ ...range, to: e.target.value })} className="w-40" /></label>
      </div>

      <div className="grid gap-4 md:grid-cols-3">
        <Card className="md:col-span-2">
          <CardHeader title="Spend over time" description={s ? `${formatDate(s.from)} – ${formatDate(new Date(Date.parse(s.to) - 1).toISOString())}` : "Loading…"} />
          <CardBody>
            {s ? <SpendChart days={fillDays(s.daily, s.from, s.to)} /> : <div className="h-48 animate-pulse rounded bg-slate-100" />}
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Company budget" description="This UTC month, over all agents" />
          <CardBody className="space-y-4">
            {s && <BudgetMeter spent={s.spentMonthlyCents} budget={s.budgetMonthlyCents} subject="company" />}
            {s && (
              <dl className="grid grid-cols-2 gap-3 border-t border-slate-100 pt-4 text-sm">
                <div><dt className="text-slate-500">Spent in range</dt><dd className="font-semibold tabular-nums text-slate-900" data-testid="range-total">{formatCents(s.costCents)}</dd></div>
                <div><dt className="text-slate-500">Events</dt><dd className="font-semibold tabular-nums text-slate-900">{s.eventCount.toLocaleString("en-US")}</dd></div>
                <div><dt className="text-slate-500">Input tokens</dt><dd className="tabular-nums text-slate-700">{s.inputTokens.toLocaleString("en-US")}</dd></div>
                <div><dt className="text-slate-500">Output tokens</dt><dd className="tabular-nums text-slate-700">{s.outputTokens.toLocaleString("en-US")}</dd></div>
              </dl>
            )}
          </CardBody>
        </Card>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader title="By agent" description="Spend in the range; bars below are this month against each agent's budget" />
          <CardBody>
            <AgentCosts rows={byAgent.data} prefix={prefix} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="By project" description="Events without a project are grouped as such" />
          <CardBody>
            {!byProject.data ? <p className="text-sm text-slate-500">Loading…</p> : byProject.data.length === 0 ? (
              <EmptyState title="No spend in this range" className="py-8" />
            ) : (
              <BarList testId="costs-by-project" rows={byProject.data.map((p) => ({
                key: p.projectId ?? "none",
                label: p.projectId ? <Link href={`/${prefix}/projects/${p.projectId}`} className="hover:text-indigo-700 hover:underline">{p.name ?? "Project"}</Link> : <span className="text-slate-500">No project</span>,
                cents: p.costCents,
                hint: events(p.eventCount),
              }))} />
            )}
          </CardBody>
        </Card>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader title="By model" description="Spend in the range per provider and model" />
          <CardBody>
            {!byModel.data ? <p className="text-sm text-slate-500">Loading…</p> : byModel.data.length === 0 ? (
              <EmptyState title="No spend in this range" className="py-8" />
            ) : (
              <BarList testId="costs-by-model" rows={byModel.data.map((m) => ({
                key: `${m.provider}/${m.model}`,
                label: <span><span className="text-slate-500">{m.provider}</span> · {m.model}</span>,
                cents: m.costCents,
                hint: [events(m.eventCount), m.inputTokens + m.outputTokens > 0 ? `${(m.inputTokens + m.outputTokens).toLocaleString("en-US")} tokens` : null].filter(Boolean).join(" · "),
              }))} />
            )}
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Most expensive issues" description="All time, whatever the range: what each issue's reported spend adds up to" />
          <CardBody>
            {byIssue.data.length === 0 ? (
              <EmptyState title="No spend on any issue yet" className="py-8" />
            ) : (
              <BarList testId="costs-by-issue" rows={byIssue.data.map((i) => ({
                key: i.issueId,
                label: <Link href={`/${prefix}/issues/${i.identifier}`} className="hover:text-indigo-700 hover:underline"><span className="font-mono text-xs text-slate-500">{i.identifier}</span> {i.title}</Link>,
                cents: i.costCents,
                hint: events(i.eventCount),
              }))} />
            )}
          </CardBody>
        </Card>
      </div>
    </div>
  );
}

const events = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "event" : "events"}`;

function AgentCosts({ rows, prefix }: { rows: AgentCost[] | undefined; prefix: string }) {
  if (!rows) return <p className="text-sm text-slate-500">Loading…</p>;
  if (rows.length === 0) return <EmptyState title="No agents yet" className="py-8" />;
  return (
    <ul className="divide-y divide-slate-100" data-testid="costs-by-agent">
      {rows.map((a) => {
        const pct = spendPercent(a.spentMonthlyCents, a.budgetMonthlyCents);
        return (
          <li key={a.agentId} className="space-y-1.5 py-3 first:pt-0 last:pb-0" data-testid="agent-cost-row">
            <div className="flex items-center justify-between gap-3 text-sm">
              <span className="flex min-w-0 items-center gap-2">
                <Link href={`/${prefix}/agents/${a.urlKey}`} className="truncate font-medium text-slate-800 hover:text-indigo-700 hover:underline">{a.name}</Link>
                {(a.status === "paused" || a.status === "pending_approval" || a.status === "terminated") && <AgentStatusBadge status={a.status} pauseReason={a.pauseReason} />}
              </span>
              <span className="shrink-0 tabular-nums text-slate-700">{formatCents(a.costCents)}</span>
            </div>
            <ProgressBar percent={pct ?? 0} tone={pct === null ? "indigo" : pct >= 100 ? "red" : pct >= 80 ? "amber" : "indigo"} label={`${a.name}'s budget used this month`} />
            <p className="text-xs text-slate-500">
              {formatCents(a.spentMonthlyCents)} this month of {formatBudget(a.budgetMonthlyCents)}{pct !== null ? ` (${pct}%)` : ""}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
