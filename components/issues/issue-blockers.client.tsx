"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import type { IssueDetail } from "@/lib/queries/issues";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { IssueStatusBadge } from "@/components/issues/issue-badges";
import { IssuePicker } from "@/components/issues/issue-picker.client";
import { useIssueUpdate } from "@/components/issues/use-issue-update";

type Linked = IssueDetail["blockedBy"][number];

/** The issues this one waits on (editable: add with the picker, remove each) and those that wait on it. */
export function IssueBlockers({ companyId, prefix, issue, canWrite }: { companyId: string; prefix: string; issue: IssueDetail; canWrite: boolean }) {
  const update = useIssueUpdate(companyId, issue.id);
  const ids = issue.blockedBy.map((b) => b.id);
  const set = (blockedByIssueIds: string[]) => update.mutate({ blockedByIssueIds });
  const full = ids.length >= 50;

  return (
    <Card>
      <CardHeader title="Blocked by" />
      <CardBody className="space-y-3">
        <ApiErrorAlert error={update.error} />
        {issue.blockedBy.length === 0
          ? <p className="text-sm text-slate-400">Nothing: this issue waits on no other issue.</p>
          : (
            <ul className="space-y-1.5" data-testid="issue-blocked-by">
              {issue.blockedBy.map((b) => (
                <LinkedIssue key={b.id} prefix={prefix} issue={b}>
                  {canWrite && (
                    <button
                      type="button"
                      onClick={() => set(ids.filter((id) => id !== b.id))}
                      disabled={update.isPending}
                      className="shrink-0 rounded px-1.5 text-xs font-medium text-slate-500 hover:text-slate-800 disabled:opacity-50"
                      aria-label={`Remove blocker ${b.identifier}`}
                    >
                      Remove
                    </button>
                  )}
                </LinkedIssue>
              ))}
            </ul>
          )}
        {canWrite && (full
          ? <p className="text-xs text-slate-500">At most 50 blockers.</p>
          : (
            <IssuePicker
              id="issue-blocker-picker"
              companyId={companyId}
              value={null}
              exclude={[issue.id, ...ids]}
              placeholder="Add a blocker: search by ID or title"
              label="Add a blocker"
              onChange={(picked) => picked && set([...ids, picked.id])}
            />
          ))}
        {canWrite && issue.status === "blocked" && (
          <p className="text-xs text-slate-500">When the last of them is done or cancelled, this issue goes back to todo and its agent is woken.</p>
        )}
        <div className="border-t border-slate-100 pt-3">
          <h3 className="text-xs font-medium text-slate-500">Blocks</h3>
          {issue.blocks.length === 0
            ? <p className="mt-1 text-sm text-slate-400">No issue waits on this one.</p>
            : (
              <ul className="mt-1.5 space-y-1.5" data-testid="issue-blocks">
                {issue.blocks.map((b) => <LinkedIssue key={b.id} prefix={prefix} issue={b} />)}
              </ul>
            )}
        </div>
      </CardBody>
    </Card>
  );
}

function LinkedIssue({ prefix, issue, children }: { prefix: string; issue: Linked; children?: ReactNode }) {
  return (
    <li className="flex min-w-0 items-center gap-2 text-sm">
      <Link href={`/${prefix}/issues/${issue.identifier}`} className="flex min-w-0 flex-1 items-center gap-2 hover:text-indigo-700" title={issue.title}>
        <span className="shrink-0 font-mono text-xs text-slate-500">{issue.identifier}</span>
        <span className="min-w-0 flex-1 truncate text-slate-800">{issue.title}</span>
      </Link>
      <IssueStatusBadge status={issue.status} />
      {children}
    </li>
  );
}
