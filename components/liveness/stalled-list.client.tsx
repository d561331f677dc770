"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiSend } from "@/lib/queries/fetcher";
import { Button, buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { IssueStatusBadge } from "@/components/issues/issue-badges";
import { livenessSentence, stallReasonLabel } from "@/components/liveness/liveness-line.client";
import type { Liveness } from "@/lib/schemas/liveness";
import { cn } from "@/lib/cn";

export type StalledRow = {
  id: string; identifier: string; title: string; status: string; assigneeAgentId: string | null;
  liveness: Liveness & { facts?: Liveness["facts"] & { agentId?: string } };
};

// the agent's own state is the cause: resuming it is the remedy in place
const resumable = new Set(["agent_paused", "agent_over_budget"]);

/** Reason chips with counts, then one row per stalled issue with the sentence and what the board can do. */
export function StalledList({ prefix, rows, counts, reason, next, canWrite }: {
  prefix: string; rows: StalledRow[]; counts: Record<string, number>; reason: string | null; next: string | null; canWrite: boolean;
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
        <EmptyState title="Every open issue is moving">Nothing here: no open issue is stalled.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" data-testid="stalled-list">
          {rows.map((row) => <Row key={row.id} prefix={prefix} row={row} canWrite={canWrite} />)}
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

function Row({ prefix, row, canWrite }: { prefix: string; row: StalledRow; canWrite: boolean }) {
  const router = useRouter();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const act = async (name: string, send: () => Promise<unknown>) => {
    setPending(name); setError(null);
    try { await send(); router.refresh(); } catch (e) { setError(e instanceof Error ? e.message : "That did not work"); } finally { setPending(null); }
  };
  const agentId = row.liveness.facts?.agentId ?? row.assigneeAgentId;
  const reason = row.liveness.reason ?? "";
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center" data-testid="stalled-row">
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-2">
          <Link href={`/${prefix}/issues/${row.identifier}`} className="font-mono text-xs text-slate-500 hover:text-indigo-700">{row.identifier}</Link>
          <Link href={`/${prefix}/issues/${row.identifier}`} className="truncate font-medium text-slate-900 hover:text-indigo-700">{row.title}</Link>
          <IssueStatusBadge status={row.status} />
        </div>
        <p className="mt-1 text-sm text-amber-900">{livenessSentence(row.liveness)}</p>
        {error && <p role="alert" className="mt-1 text-sm text-red-700">{error}</p>}
      </div>
      {canWrite && (
        <div className="flex flex-wrap gap-2">
          {resumable.has(reason) && agentId && (
            <Button size="sm" variant="primary" pending={pending === "resume"} onClick={() => act("resume", () => apiSend("POST", `/api/agents/${agentId}/resume`))}>Resume agent</Button>
          )}
          {reason === "stale_checkout" && (
            <Button size="sm" pending={pending === "release"} onClick={() => act("release", () => apiSend("POST", `/api/issues/${row.id}/release`))}>Release</Button>
          )}
          {(reason === "blocker_finished" || reason === "blocked_without_reason") && (
            <Button size="sm" pending={pending === "unblock"} onClick={() => act("unblock", () => apiSend("PATCH", `/api/issues/${row.id}`, { status: "todo" }))}>Unblock</Button>
          )}
          {reason === "agent_over_budget" && agentId && (
            <Link href={`/${prefix}/costs`} className={buttonClasses("secondary", "sm")}>Raise budget</Link>
          )}
          <Link href={`/${prefix}/issues/${row.identifier}`} className={buttonClasses("secondary", "sm")}>Reassign</Link>
        </div>
      )}
    </li>
  );
}
