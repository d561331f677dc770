"use client";

// An issue's page: the approvals linked to it (a strategy or a hire the work waits on), newest
// first. The key sits under the company's approvals, so a decision anywhere re-reads it.
import Link from "next/link";
import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import type { ApprovalDto } from "@/lib/dto/approvals";
import { apiGet } from "@/lib/queries/fetcher";
import { approvalKeys } from "@/lib/queries/approvals";
import { Card, CardHeader } from "@/components/ui/card";
import { ApprovalStatusBadge, Requester, typeText, type ApprovalNames } from "@/components/approvals/approval-card";
import { formatShortDateTime } from "@/lib/format";
import type { Directory } from "@/components/issues/directory";

const issueApprovalsKey = (companyId: string, issueId: string) => [...approvalKeys.all(companyId), "issue", issueId] as const;

interface Props {
  companyId: string;
  issueId: string;
  prefix: string;
  initial: ApprovalDto[];
  directory: Directory;
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

/** One line of what is asked: the hire's name, or the first line of the strategy's plan. */
function gist(a: ApprovalDto): string {
  if (a.type === "hire_agent") return str(a.payload.name) ? `Hire ${str(a.payload.name)}` : "A hire";
  const first = str(a.payload.plan).split("\n").map((l) => l.replace(/^[#>*\-\s]+/, "").trim()).find(Boolean);
  return first ?? "A strategy";
}

export function IssueApprovals({ companyId, prefix, issueId, initial, directory }: Props) {
  const names: ApprovalNames = useMemo(() => ({
    prefix, users: directory.users,
    agents: Object.fromEntries(directory.agents.map((a) => [a.id, { name: a.name, urlKey: a.urlKey }])),
  }), [prefix, directory]);
  const { data: approvals } = useQuery({
    queryKey: issueApprovalsKey(companyId, issueId),
    queryFn: () => apiGet<ApprovalDto[]>(`/api/issues/${issueId}/approvals`),
    initialData: initial,
  });
  return (
    <Card data-testid="issue-approvals">
      <CardHeader
        title="Approvals"
        description={approvals.length === 0 ? "No approval is linked to this issue." : `${approvals.length} linked ${approvals.length === 1 ? "approval" : "approvals"}`}
      />
      {approvals.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {approvals.map((a) => (
            <li key={a.id} className="relative space-y-1 px-5 py-3 text-sm hover:bg-slate-50/70" data-testid="issue-approval">
              <div className="flex flex-wrap items-center gap-2">
                <Link href={`/${names.prefix}/approvals/${a.id}`} className="min-w-0 flex-1 truncate font-medium text-slate-900 after:absolute after:inset-0 hover:text-indigo-700">
                  {gist(a)}
                </Link>
                <ApprovalStatusBadge status={a.status} />
              </div>
              <p className="text-xs text-slate-500">
                {typeText[a.type] ?? a.type} · by <span className="relative"><Requester approval={a} names={names} /></span> · {formatShortDateTime(a.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
