"use client";

import Link from "next/link";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { ApprovalDto } from "@/lib/dto/approvals";
import { QUEUE_PAGE, approvalKeys, fetchApprovals } from "@/lib/queries/approvals";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";
import { Card, CardBody } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ApprovalMeta, ApprovalStatusBadge, ApprovalSummary, type ApprovalNames } from "@/components/approvals/approval-card";
import { DecisionControls } from "@/components/approvals/decision-controls.client";

const tabs = [
  { key: "pending", label: "Pending" },
  { key: "revision_requested", label: "Revision requested" },
  { key: "all", label: "All" },
] as const;

type Tab = (typeof tabs)[number]["key"];

/** The approval queue: pending first, each card saying what is asked, with the board's decisions. */
export function ApprovalQueue({ companyId, names, canDecide, initial }: {
  companyId: string; names: ApprovalNames; canDecide: boolean; initial: { pending: ApprovalDto[]; all: ApprovalDto[] };
}) {
  const [tab, setTab] = useState<Tab>("pending");
  const query = useQuery({
    queryKey: approvalKeys.list(companyId, tab),
    queryFn: () => fetchApprovals(companyId, tab),
    initialData: tab === "pending" ? initial.pending : tab === "all" ? initial.all : undefined,
  });
  // the tab's count is the pending list itself, re-read after a decision or a live event (a count
  // taken from the server-rendered page stayed as it was after a decision)
  const pending = useQuery({
    queryKey: approvalKeys.list(companyId, "pending"),
    queryFn: () => fetchApprovals(companyId, "pending"),
    initialData: initial.pending,
  });
  const pendingCount = pending.data?.length ?? 0;
  const rows = sortQueue(query.data ?? []);
  return (
    <div className="space-y-4">
      <div role="tablist" aria-label="Approvals by status" className="flex gap-1 border-b border-slate-200">
        {tabs.map((t) => (
          <button
            key={t.key}
            role="tab"
            aria-selected={tab === t.key}
            onClick={() => setTab(t.key)}
            className={cn("-mb-px border-b-2 px-3 py-2 text-sm font-medium", tab === t.key ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-500 hover:text-slate-800")}
          >
            {t.label}
            {t.key === "pending" && pendingCount > 0 && <span data-testid="pending-tab-count" className="ml-1.5 rounded-full bg-amber-100 px-1.5 text-xs text-amber-800">{pendingCount}</span>}
          </button>
        ))}
      </div>
      {query.isLoading && <p className="text-sm text-slate-500">Loading…</p>}
      {!query.isLoading && rows.length === 0 && (
        <EmptyState title={tab === "pending" ? "Nothing waits for the board" : "No approvals here"}>
          Hire requests and the CEO&apos;s strategy appear here when agents ask for them.
        </EmptyState>
      )}
      {tab !== "pending" && rows.length >= QUEUE_PAGE && <p className="text-xs text-slate-500">The newest {QUEUE_PAGE} are shown.</p>}
      <ul className="space-y-3" data-testid="approval-queue" data-keynav-list>
        {rows.map((a) => (
          <li key={a.id} data-keynav-item>
            <Card data-testid="approval-card" data-approval-id={a.id}>
              <CardBody className="space-y-3">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0 space-y-0.5">
                    <Link href={`/${names.prefix}/approvals/${a.id}`} className="text-sm font-semibold text-slate-900 hover:text-indigo-700 hover:underline">
                      {a.type === "hire_agent" ? `Hire ${String(a.payload.name ?? "an agent")}` : "Approve the CEO's strategy"}
                    </Link>
                    <ApprovalMeta approval={a} names={names} />
                  </div>
                  <ApprovalStatusBadge status={a.status} />
                </div>
                <ApprovalSummary approval={a} names={names} clamp companyId={companyId} />
                {a.decisionNote && (
                  <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600">
                    <span className="font-medium text-slate-700">Board note:</span> {a.decisionNote}
                    {a.decidedAt && <span className="text-xs text-slate-400"> · {formatDateTime(a.decidedAt)}</span>}
                  </p>
                )}
                {canDecide && <DecisionControls companyId={companyId} approval={a} />}
              </CardBody>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Pending first (oldest waiting first), then the rest newest first. */
function sortQueue(rows: ApprovalDto[]): ApprovalDto[] {
  const pending = rows.filter((r) => r.status === "pending").sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const rest = rows.filter((r) => r.status !== "pending").sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return [...pending, ...rest];
}
