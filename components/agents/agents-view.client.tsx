"use client";

import Link from "next/link";
import { useEffect, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { AgentDto } from "@/lib/dto/agents";
import { agentKeys, fetchAgents } from "@/lib/queries/agents";
import { formatBudget, formatCents, roleLabel, spendPercent } from "@/lib/format";
import { cn } from "@/lib/cn";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { ProgressBar } from "@/components/ui/progress";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { PlusGlyph, SearchGlyph } from "@/components/ui/glyphs";
import { AgentAvatar } from "@/components/agents/agent-icon";
import { AgentStatusBadge } from "@/components/agents/status-badge";
import { NewAgentDialog } from "@/components/agents/new-agent.client";
import { CannotRun } from "@/components/agents/readiness";

interface Props {
  companyId: string;
  prefix: string;
  initialAgents: AgentDto[];
  canCreate: boolean;
  roles: string[];
  adapterTypes: string[];
}

type Filter = "current" | "terminated";

// leadership first, then everyone by name
const rank: Record<string, number> = { ceo: 0, manager: 1 };

/** The agents page: the table of a company's agents and the "New agent" dialog. */
export function AgentsView({ companyId, prefix, initialAgents, canCreate, roles, adapterTypes }: Props) {
  const { data: agents } = useQuery({ queryKey: agentKeys.list(companyId), queryFn: () => fetchAgents(companyId), initialData: initialAgents });
  const [creating, setCreating] = useState(false);
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<Filter>("current");
  const [highlight, setHighlight] = useState<string | null>(null);

  const byId = useMemo(() => new Map(agents.map((a) => [a.id, a])), [agents]);
  const terminatedCount = agents.filter((a) => a.status === "terminated").length;
  const currentCount = agents.length - terminatedCount;
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return agents
      .filter((a) => (filter === "terminated") === (a.status === "terminated"))
      .filter((a) => !q || [a.name, a.title, a.role, a.urlKey].some((v) => v.toLowerCase().includes(q)))
      .sort((x, y) => (rank[x.role] ?? 2) - (rank[y.role] ?? 2) || x.name.localeCompare(y.name));
  }, [agents, search, filter]);

  useEffect(() => {
    if (!highlight) return;
    document.getElementById(`agent-row-${highlight}`)?.scrollIntoView({ block: "center", behavior: "smooth" });
    const t = setTimeout(() => setHighlight(null), 2500);
    return () => clearTimeout(t);
  }, [highlight]);

  const newButton = canCreate ? (
    <Button variant="primary" onClick={() => setCreating(true)}>
      <PlusGlyph />
      New agent
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title="Agents"
        description={agents.length === 0 ? "The agents that work for this company." : `${currentCount} ${currentCount === 1 ? "agent" : "agents"}${terminatedCount ? `, ${terminatedCount} terminated` : ""}`}
        actions={agents.length > 0 ? newButton : undefined}
      />
      {agents.length === 0 ? (
        <EmptyState icon={<AgentAvatar icon="bot" role="general" />} title="No agents yet" action={newButton}>
          Start with the CEO: the agent at the top of the org chart, which hires and directs the others.
        </EmptyState>
      ) : (
        <Card>
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
            <div className="flex rounded-md bg-slate-100 p-0.5 text-sm" role="tablist" aria-label="Which agents">
              {(["current", "terminated"] as const).map((f) => (
                <button
                  key={f}
                  role="tab"
                  aria-selected={filter === f}
                  onClick={() => setFilter(f)}
                  className={cn("rounded px-3 py-1 font-medium", filter === f ? "bg-white text-slate-900 shadow-xs" : "text-slate-500 hover:text-slate-700")}
                >
                  {f === "current" ? "Current" : "Terminated"}
                  <span className="ml-1.5 text-xs text-slate-400">{f === "current" ? currentCount : terminatedCount}</span>
                </button>
              ))}
            </div>
            <div className="relative w-full sm:w-64">
              <SearchGlyph className="pointer-events-none absolute left-2.5 top-2.5 text-slate-400" />
              <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search name, title, role" aria-label="Search agents" className="pl-8" />
            </div>
          </div>
          <Table data-keynav-list>
            <THead>
              <tr>
                <TH>Agent</TH>
                <TH className="hidden sm:table-cell">Role</TH>
                <TH className="hidden lg:table-cell">Title</TH>
                <TH>Status</TH>
                <TH className="hidden md:table-cell">Reports to</TH>
                <TH className="hidden text-right sm:table-cell">Spend / budget</TH>
              </tr>
            </THead>
            <TBody>
              {shown.map((a) => {
                const manager = a.reportsTo ? byId.get(a.reportsTo) : undefined;
                return (
                  <TR key={a.id} id={`agent-row-${a.id}`} data-testid="agent-row" data-keynav-item className={cn(highlight === a.id && "bg-indigo-50/70", a.status === "terminated" && "bg-slate-50")}>
                    <TD>
                      <Link href={`/${prefix}/agents/${a.urlKey}`} className="flex items-center gap-3 font-medium text-slate-900 hover:text-indigo-700">
                        <AgentAvatar icon={a.icon} role={a.role} size="sm" />
                        <span className="max-w-56 truncate">{a.name}</span>
                      </Link>
                    </TD>
                    <TD className="hidden whitespace-nowrap sm:table-cell">{roleLabel(a.role)}</TD>
                    <TD className="hidden lg:table-cell"><span className="block max-w-56 truncate text-slate-500" title={a.title}>{a.title || "—"}</span></TD>
                    <TD>
                      <AgentStatusBadge status={a.status} pauseReason={a.pauseReason} />
                      <CannotRun readiness={a.readiness} status={a.status} className="mt-1 max-w-48" />
                    </TD>
                    <TD className="hidden whitespace-nowrap md:table-cell">
                      {manager ? (
                        <Link href={`/${prefix}/agents/${manager.urlKey}`} className="text-slate-600 hover:text-indigo-700 hover:underline">{manager.name}</Link>
                      ) : (
                        <span className="text-slate-400">—</span>
                      )}
                    </TD>
                    <TD className="hidden text-right sm:table-cell"><SpendCell spent={a.spentMonthlyCents} budget={a.budgetMonthlyCents} /></TD>
                  </TR>
                );
              })}
            </TBody>
          </Table>
          {shown.length === 0 && (
            <p className="px-4 py-10 text-center text-sm text-slate-500">
              {search ? <>No agent matches “{search}”.</> : filter === "terminated" ? "No terminated agents." : "No current agents."}
            </p>
          )}
        </Card>
      )}
      {canCreate && (
        <NewAgentDialog
          open={creating}
          onClose={() => setCreating(false)}
          companyId={companyId}
          agents={agents}
          roles={roles}
          adapterTypes={adapterTypes}
          prefix={prefix}
          onCreated={(agent) => {
            setFilter("current");
            setSearch("");
            setHighlight(agent.id);
          }}
        />
      )}
    </>
  );
}

function SpendCell({ spent, budget }: { spent: number; budget: number }) {
  const pct = spendPercent(spent, budget);
  return (
    <div className="ml-auto w-36 space-y-1">
      <div className="whitespace-nowrap text-xs tabular-nums text-slate-600">
        {formatCents(spent)} <span className="text-slate-400">/ {formatBudget(budget)}</span>
      </div>
      {pct !== null && <ProgressBar percent={pct} tone={pct >= 100 ? "red" : pct >= 80 ? "amber" : "indigo"} className="h-1" label="Budget used" />}
    </div>
  );
}
