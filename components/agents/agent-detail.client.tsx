"use client";

import Link from "next/link";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { AgentDto } from "@/lib/dto/agents";
import { agentKeys, fetchAgent, type AgentKey, type AgentWithChain, type ConfigRevision, type InstructionsBundle } from "@/lib/queries/agents";
import { cn } from "@/lib/cn";
import { adapterLabels, formatDateTime, roleLabel } from "@/lib/format";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ChevronRightGlyph } from "@/components/ui/glyphs";
import { AgentAvatar } from "@/components/agents/agent-icon";
import { AgentStatusBadge, pauseReasonText } from "@/components/agents/status-badge";
import { AgentActions } from "@/components/agents/agent-actions.client";
import { AgentProfileForm } from "@/components/agents/agent-profile-form.client";
import { AgentKeysCard } from "@/components/agents/agent-keys.client";
import { ConfigRevisionsCard } from "@/components/agents/config-revisions.client";
import { BudgetMeter } from "@/components/agents/budget-meter";
import { AgentConfigCard } from "@/components/agents/agent-config-card.client";
import { AgentSessions, sessionAdapters } from "@/components/agents/agent-sessions.client";
import { AgentRuns } from "@/components/runs/agent-runs.client";
import { AgentInstructions } from "@/components/agents/agent-instructions.client";
import type { Page } from "@/lib/queries/fetcher";
import { fetchAgentRuns, runKeys, type RunDto } from "@/lib/queries/runs";

export interface AgentPermissions {
  update: boolean;
  lifecycle: boolean;
  keys: boolean;
  rollback: boolean;
  instructions: boolean;
}

export type AgentTab = "overview" | "instructions";

interface Props {
  companyId: string;
  prefix: string;
  initialAgent: AgentWithChain;
  /** the first page of its direct reports (a company may have far too many agents to load them all) */
  reports: Page<AgentDto>;
  initialKeys: AgentKey[] | null;
  initialRevisions: ConfigRevision[];
  initialRuns: Page<RunDto>;
  /** null when the caller may not read them (an agent that is neither this one nor above it) */
  initialInstructions: InstructionsBundle | null;
  initialTab: AgentTab;
  can: AgentPermissions;
}

export function AgentDetail({ companyId, prefix, initialAgent, reports: reportsPage, initialKeys, initialRevisions, initialRuns, initialInstructions, initialTab, can }: Props) {
  const { data: agent } = useQuery({
    queryKey: agentKeys.detail(companyId, initialAgent.id),
    queryFn: () => fetchAgent(initialAgent.id),
    initialData: initialAgent,
  });
  const terminated = agent.status === "terminated";
  const reports = reportsPage.items.filter((a) => a.status !== "terminated");
  const moreReports = reportsPage.nextCursor !== null;
  // an agent's page answers to its id as well as its urlKey
  const agentHref = (key: string) => `/${prefix}/agents/${key}`;
  const [tab, setTab] = useState<AgentTab>(initialInstructions ? initialTab : "overview");
  const showTab = (t: AgentTab) => {
    setTab(t);
    // the tab survives a reload without a server round trip
    const url = new URL(window.location.href);
    if (t === "overview") url.searchParams.delete("tab");
    else url.searchParams.set("tab", t);
    window.history.replaceState(window.history.state, "", url);
  };

  return (
    <div className="space-y-6">
      <nav aria-label="Breadcrumb" className="flex items-center gap-1 text-sm text-slate-500">
        <Link href={`/${prefix}/agents`} className="hover:text-slate-800">Agents</Link>
        <ChevronRightGlyph className="size-3.5 text-slate-400" />
        <span className="truncate text-slate-700">{agent.name}</span>
      </nav>

      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-center gap-4">
          <AgentAvatar icon={agent.icon} role={agent.role} size="lg" />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2.5">
              <h1 className="truncate text-xl font-semibold tracking-tight text-slate-900">{agent.name}</h1>
              <span data-testid="agent-status"><AgentStatusBadge status={agent.status} pauseReason={agent.pauseReason} /></span>
            </div>
            <p className="mt-0.5 text-sm text-slate-500">
              {[agent.title, roleLabel(agent.role), adapterLabels[agent.adapterType] ?? agent.adapterType].filter(Boolean).join(" · ")}
            </p>
          </div>
        </div>
        {can.lifecycle && <AgentActions companyId={companyId} agent={agent} prefix={prefix} />}
      </header>

      <StatusNotice agent={agent} prefix={prefix} companyId={companyId} initialRuns={initialRuns} />

      {initialInstructions && (
        <div role="tablist" aria-label="Agent sections" className="flex gap-1 border-b border-slate-200">
          {(["overview", "instructions"] as const).map((t) => (
            <button key={t} type="button" role="tab" aria-selected={tab === t} onClick={() => showTab(t)}
              className={cn("-mb-px border-b-2 px-3 py-2 text-sm font-medium", tab === t ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-500 hover:text-slate-800")}>
              {t === "overview" ? "Overview" : "Instructions"}
            </button>
          ))}
        </div>
      )}

      {tab === "instructions" && initialInstructions ? (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            <AgentInstructions companyId={companyId} prefix={prefix} agentId={agent.id} initial={initialInstructions} canEdit={can.instructions && !terminated}
              instructionsFilePath={typeof agent.adapterConfig.instructionsFilePath === "string" ? agent.adapterConfig.instructionsFilePath : null} />
          </div>
          <div className="space-y-6">
            <ConfigRevisionsCard companyId={companyId} agentId={agent.id} initialRevisions={initialRevisions} canRollback={can.rollback && !terminated} />
          </div>
        </div>
      ) : (
      <div className="grid gap-6 lg:grid-cols-3">
        {/* min-w-0: a wide table scrolls inside its card instead of widening the page on a phone */}
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <AgentRuns companyId={companyId} prefix={prefix} agentId={agent.id} agentStatus={agent.status} initialRuns={initialRuns} canRun={can.lifecycle} />
          <Card>
            <CardHeader title="Budget" description="Month-to-date spend from reported cost events" />
            <CardBody><BudgetMeter spent={agent.spentMonthlyCents} budget={agent.budgetMonthlyCents} pausedByCompany={agent.budgetPause === "company"} /></CardBody>
          </Card>
          <AgentProfileForm companyId={companyId} agent={agent} readOnly={!can.update || terminated} />
          <AgentConfigCard companyId={companyId} agent={agent} readOnly={!can.update || terminated} canTest={can.update && !terminated}>
            {sessionAdapters.has(agent.adapterType) && (
              <AgentSessions agentId={agent.id} agentName={agent.name} adapterConfig={agent.adapterConfig} canReset={can.lifecycle && !terminated} />
            )}
          </AgentConfigCard>
        </div>

        <div className="space-y-6">
          <Card>
            <CardHeader title="Reporting line" />
            <CardBody className="space-y-4 text-sm">
              <div>
                <h3 className="text-xs font-medium uppercase tracking-wide text-slate-500">Chain of command</h3>
                {agent.chainOfCommand.length === 0 ? (
                  <p className="mt-1.5 text-slate-500">{agent.role === "ceo" ? "Reports to the board." : "Reports to nobody: top of the org."}</p>
                ) : (
                  <ol className="mt-2 space-y-1" data-testid="chain-of-command">
                    {[...agent.chainOfCommand].reverse().map((m, i) => (
                      <li key={m.id} className="flex items-center gap-1.5" style={{ paddingLeft: `${Math.min(i, 6) * 14}px` }}>
                        {i > 0 && <span className="text-slate-300" aria-hidden="true">└</span>}
                        <Link href={agentHref(m.id)} className="font-medium text-slate-800 hover:text-indigo-700 hover:underline">{m.name}</Link>
                        <span className="truncate text-xs text-slate-500">{m.title || roleLabel(m.role)}</span>
                      </li>
                    ))}
                    <li className="flex items-center gap-1.5" style={{ paddingLeft: `${Math.min(agent.chainOfCommand.length, 6) * 14}px` }}>
                      <span className="text-slate-300" aria-hidden="true">└</span>
                      <span className="font-semibold text-indigo-700">{agent.name}</span>
                      <span className="text-xs text-slate-400">this agent</span>
                    </li>
                  </ol>
                )}
              </div>
              <div>
                <h3 className="text-xs font-medium uppercase tracking-wide text-slate-500">Direct reports</h3>
                {reports.length === 0 ? (
                  <p className="mt-1.5 text-slate-500">None</p>
                ) : (
                  <ul className="mt-2 flex flex-wrap gap-1.5">
                    {reports.slice(0, 12).map((r) => (
                      <li key={r.id} className="min-w-0">
                        <Link href={agentHref(r.urlKey)} className="inline-flex max-w-full items-center gap-1.5 rounded-full bg-slate-100 py-0.5 pl-0.5 pr-2.5 text-xs font-medium text-slate-700 hover:bg-slate-200">
                          <AgentAvatar icon={r.icon} role={r.role} size="sm" className="size-5 shrink-0 rounded-full" />
                          <span className="truncate">{r.name}</span>
                        </Link>
                      </li>
                    ))}
                    {(reports.length > 12 || moreReports) && (
                      <li className="self-center text-xs">
                        <Link href={`/${prefix}/org`} className="text-slate-500 hover:text-indigo-700 hover:underline">
                          {moreReports ? "and more on the org chart" : `and ${reports.length - 12} more on the org chart`}
                        </Link>
                      </li>
                    )}
                  </ul>
                )}
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 border-t border-slate-100 pt-4 text-xs">
                <dt className="text-slate-500">URL key</dt>
                <dd className="truncate font-mono text-slate-700">{agent.urlKey}</dd>
                <dt className="text-slate-500">Agent id</dt>
                <dd className="truncate font-mono text-slate-700" title={agent.id}>{agent.id}</dd>
                <dt className="text-slate-500">Last heartbeat</dt>
                <dd className="text-slate-700">{agent.lastHeartbeatAt ? formatDateTime(agent.lastHeartbeatAt) : "Never"}</dd>
                <dt className="text-slate-500">Created</dt>
                <dd className="text-slate-700">{formatDateTime(agent.createdAt)}</dd>
              </dl>
            </CardBody>
          </Card>
          {can.keys && initialKeys && <AgentKeysCard companyId={companyId} agentId={agent.id} initialKeys={initialKeys} disabled={terminated} />}
          <ConfigRevisionsCard companyId={companyId} agentId={agent.id} initialRevisions={initialRevisions} canRollback={can.rollback && !terminated} />
        </div>
      </div>
      )}
    </div>
  );
}

function StatusNotice({ agent, prefix, companyId, initialRuns }: { agent: AgentWithChain; prefix: string; companyId: string; initialRuns: Page<RunDto> }) {
  const cannotRun = !agent.readiness.ok && agent.status !== "terminated" && (
    <Alert tone="warning" title={`Cannot run: ${agent.readiness.reason}`}>
      <span data-testid="agent-cannot-run">Set what it runs under Configuration below, then test its environment there.</span>
    </Alert>
  );
  const notice = <StatusAlert agent={agent} prefix={prefix} companyId={companyId} initialRuns={initialRuns} />;
  return cannotRun ? <div className="space-y-3">{cannotRun}{notice}</div> : notice;
}

function StatusAlert({ agent, prefix, companyId, initialRuns }: { agent: AgentWithChain; prefix: string; companyId: string; initialRuns: Page<RunDto> }) {
  if (agent.status === "error") return <ErrorNotice agentId={agent.id} prefix={prefix} companyId={companyId} initialRuns={initialRuns} />;
  if (agent.status === "paused" && agent.pauseReason === "budget" && agent.budgetPause === "company") {
    return (
      <Alert tone="warning" title="Paused: the company's monthly budget is spent">
        Every working agent of the company is paused until the company&apos;s budget is raised in{" "}
        <Link href={`/${prefix}/settings`} className="font-medium underline">Settings</Link> or a new month starts (UTC).
      </Alert>
    );
  }
  if (agent.status === "paused") {
    return (
      <Alert tone="warning" title={pauseReasonText(agent.pauseReason) ?? "Paused"}>
        {agent.pauseReason === "budget"
          ? "It has spent its monthly budget. Raise the budget (Resume offers to), or wait for the new month, to let it work again."
          : agent.pauseReason === "loop"
            ? "The loop breaker stopped it: it was woken again and again without making progress. Its wakes are skipped until it is resumed."
            : "It takes no work and its wakes are skipped until it is resumed."}
      </Alert>
    );
  }
  if (agent.status === "pending_approval") return <Alert tone="info" title="Waiting for board approval">This hire becomes active once the board approves it in <Link href={`/${prefix}/approvals`} className="font-medium underline">Approvals</Link>.</Alert>;
  if (agent.status === "terminated") return <Alert tone="info" title="Terminated">Its API keys are revoked, its work was released and its reports moved to its manager. It cannot be changed.</Alert>;
  return null;
}

/** Why the agent is in error: the failed run's own reason, with the run one click away. */
function ErrorNotice({ agentId, prefix, companyId, initialRuns }: { agentId: string; prefix: string; companyId: string; initialRuns: Page<RunDto> }) {
  const { data } = useQuery({ queryKey: runKeys.ofAgent(companyId, agentId), queryFn: () => fetchAgentRuns(companyId, agentId), initialData: initialRuns });
  const failed = data.items.find((r) => r.status === "failed" || r.status === "timed_out");
  return (
    <Alert tone="error" title="The last heartbeat failed">
      <span data-testid="agent-error-reason">{failed?.error ? `${failed.error[0].toUpperCase()}${failed.error.slice(1)}.` : "It ended without saying why."}</span>
      {failed && <> <Link href={`/${prefix}/runs/${failed.id}`} className="font-medium underline">Open the run</Link>.</>}
      {" "}Resume clears the error; the next wake runs it again.
    </Alert>
  );
}
