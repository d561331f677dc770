"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { apiSend } from "@/lib/queries/fetcher";
import { Button, buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { IssueStatusBadge } from "@/components/issues/issue-badges";
import { livenessSentence, stallReasonLabel, useViewerZone } from "@/components/liveness/liveness-line.client";
import { BudgetForm, ReassignForm, canTakeWork, type StalledAgent } from "@/components/liveness/stalled-actions.client";
import type { Liveness } from "@/lib/schemas/liveness";
import { cn } from "@/lib/cn";

export type StalledRow = {
  id: string; identifier: string; title: string; status: string; assigneeAgentId: string | null;
  liveness: Liveness;
};

/** Reason chips with counts, then one row per stalled issue with the sentence and what the board can do. */
export function StalledList({ prefix, rows, agents, counts, reason, next, canWrite }: {
  prefix: string; rows: StalledRow[]; agents: StalledAgent[]; counts: Record<string, number>; reason: string | null; next: string | null; canWrite: boolean;
}) {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return (
    <div className="space-y-4">
      <nav aria-label="Filter by reason" className="flex flex-wrap gap-2">
        <Chip href={`/${prefix}/stalled`} active={!reason} label="All" count={total} />
        {Object.entries(counts).filter(([r, n]) => n > 0 || r === reason).sort((a, b) => b[1] - a[1]).map(([r, n]) => (
          <Chip key={r} href={`/${prefix}/stalled?reason=${r}`} active={reason === r} label={stallReasonLabel(r)} count={n} />
        ))}
      </nav>
      {rows.length === 0 ? (
        reason ? <EmptyState title="None for this reason">No open issue is stalled for this reason now.</EmptyState>
          : <EmptyState title="Every open issue is moving">Nothing here: no open issue is stalled.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" data-testid="stalled-list">
          {rows.map((row) => <Row key={row.id} prefix={prefix} row={row} agents={agents} canWrite={canWrite} />)}
        </ul>
      )}
      {next && <Link href={next} className={buttonClasses("secondary", "sm")}>Next page</Link>}
    </div>
  );
}

function Chip({ href, active, label, count }: { href: string; active: boolean; label: string; count: number }) {
  return (
    <Link href={href} aria-current={active ? "page" : undefined} className={cn("rounded-full border px-3 py-1 text-sm", active ? "border-indigo-500 bg-indigo-50 text-indigo-800" : "border-slate-300 text-slate-700 hover:bg-slate-50")}>
      {label} <span className="tabular-nums text-slate-500">{count}</span>
    </Link>
  );
}

/** One request of a row at a time: what is pending, its error or its note, then the page read again. */
function useRowAction() {
  const router = useRouter();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const act = async (name: string, send: () => Promise<unknown>, done?: string) => {
    setPending(name); setError(null); setNote(null);
    try {
      await send();
      if (done) setNote(done);
      router.refresh();
      return true;
    } catch (e) {
      setError(e instanceof Error ? e.message : "That did not work");
      return false;
    } finally {
      setPending(null);
    }
  };
  return { pending, error, note, act, clearError: () => setError(null) };
}

function Row({ prefix, row, agents, canWrite }: { prefix: string; row: StalledRow; agents: StalledAgent[]; canWrite: boolean }) {
  const zone = useViewerZone();
  const { pending, error, note, act, clearError } = useRowAction();
  const [open, setOpen] = useState<"reassign" | "budget" | null>(null);
  const agentId = row.liveness.facts?.agentId ?? row.assigneeAgentId;
  const agent = agents.find((a) => a.id === agentId);
  const reason = row.liveness.reason ?? "";
  // over its own budget the remedy is a higher budget (a resume alone is refused); over the company's, the company's
  const companyBudget = reason === "agent_over_budget" && row.liveness.facts?.budgetScope === "company";
  // a raised budget lets the agent work again, yet (not a person's change of the issue) its stall stays
  // until the next sweep finds it moving; a board resume clears it at once (docs/liveness.md)
  const resumed = `${agent?.name ?? "The agent"} can work again; this issue leaves the list at the next check`;
  const toggle = (which: "reassign" | "budget") => { clearError(); setOpen(open === which ? null : which); };
  // a closed form gives the keyboard back to the button that opened it
  const li = useRef<HTMLLIElement>(null);
  const close = () => { if (open) li.current?.querySelector<HTMLButtonElement>(`[data-opens="${open}"]`)?.focus(); setOpen(null); };
  return (
    <li ref={li} className="space-y-2 p-3" data-testid="stalled-row">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            <Link href={`/${prefix}/issues/${row.identifier}`} className="font-mono text-xs text-slate-500 hover:text-indigo-700">{row.identifier}</Link>
            <Link href={`/${prefix}/issues/${row.identifier}`} className="min-w-0 max-w-full truncate font-medium text-slate-900 hover:text-indigo-700">{row.title}</Link>
            <IssueStatusBadge status={row.status} />
          </div>
          <p className="mt-1 text-sm text-amber-900">{livenessSentence(row.liveness, zone)}</p>
        </div>
        {canWrite && (
          <div className="flex flex-wrap gap-2 sm:justify-end">
            {reason === "agent_paused" && agentId && (
              <Button size="sm" variant="primary" pending={pending === "resume"} onClick={() => act("resume", () => apiSend("POST", `/api/agents/${agentId}/resume`))}>Resume agent</Button>
            )}
            {reason === "agent_over_budget" && agent && !companyBudget && (
              <Button data-opens="budget" size="sm" variant="primary" aria-expanded={open === "budget"} onClick={() => toggle("budget")}>Raise budget</Button>
            )}
            {companyBudget && (
              <Link href={`/${prefix}/settings`} className={buttonClasses("secondary", "sm")}>Raise company budget</Link>
            )}
            {reason === "stale_checkout" && (
              <Button size="sm" pending={pending === "release"} onClick={() => act("release", () => apiSend("POST", `/api/issues/${row.id}/release`))}>Release</Button>
            )}
            {(reason === "blocker_finished" || reason === "blocked_without_reason") && (
              <Button size="sm" pending={pending === "unblock"} onClick={() => act("unblock", () => unblock(row, agents))}>Unblock</Button>
            )}
            <Button data-opens="reassign" size="sm" aria-expanded={open === "reassign"} onClick={() => toggle("reassign")}>Reassign</Button>
          </div>
        )}
      </div>
      {open === "reassign" && <ReassignForm issueId={row.id} identifier={row.identifier} assigneeAgentId={row.assigneeAgentId} agents={agents}
        pending={pending === "reassign"} act={act} onClose={close} />}
      {open === "budget" && agent && <BudgetForm agent={agent} pending={pending === "budget"} onClose={close}
        act={(name, send) => act(name, send, resumed)} />}
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      {note && !error && <p role="status" className="text-sm text-emerald-800">{note}</p>}
    </li>
  );
}

/**
 * Back to todo with no blockers left (a finished blocker would stall it again), and its agent woken
 * for it: the board's change resets the issue's liveness, the wake is what moves it.
 */
async function unblock(row: StalledRow, agents: StalledAgent[]) {
  const after = await apiSend<{ assigneeAgentId: string | null }>("PATCH", `/api/issues/${row.id}`, { status: "todo", blockedByIssueIds: [] });
  // an agent that cannot run is not woken (the API refuses): the sweep then names why it is not moving
  const agent = agents.find((a) => a.id === after.assigneeAgentId);
  if (agent && canTakeWork(agent)) {
    await apiSend("POST", `/api/agents/${agent.id}/wakeup`, { issueId: row.id, note: `${row.identifier} unblocked on the Not moving page` });
  }
}
