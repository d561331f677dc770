"use client";

import { useState } from "react";
import { isTerminal, type IssueStatus } from "@/lib/issue-status";
import { checkoutIssue, releaseIssue, type IssueDetail } from "@/lib/queries/issues";
import { ApiError } from "@/lib/queries/fetcher";
import { formatDateTime, humanize } from "@/lib/format";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Select } from "@/components/ui/input";
import { Assignee } from "@/components/issues/assignee";
import { useIssueMutation } from "@/components/issues/use-issue-update";
import type { DirectoryMaps } from "@/components/issues/directory";

/** Checked out: in progress with an agent as its owner (checkout sets both, release clears both). */
const isCheckedOut = (issue: Pick<IssueDetail, "status" | "assigneeAgentId">) => issue.status === "in_progress" && Boolean(issue.assigneeAgentId);

/**
 * Who works on the issue right now, and the board's two levers on it (docs/design.md §6): check it out for
 * an agent (one atomic claim; the API answers 409 when someone else holds it or the status moved)
 * and release it (clears the assignee and the lock; in-progress work returns to todo).
 */
export function IssueCheckout({ companyId, prefix, issue, maps, canWrite }: {
  companyId: string; prefix: string; issue: IssueDetail; maps: DirectoryMaps; canWrite: boolean;
}) {
  const owner = issue.assigneeAgentId ? maps.agent.get(issue.assigneeAgentId) : undefined;
  const locked = isCheckedOut(issue);
  // the user's pick, else the assignee; with neither, the board chooses on purpose
  const [agentId, setAgentId] = useState("");
  const checkout = useIssueMutation(companyId, issue.id, (vars: { agentId: string; expected: IssueStatus }) => checkoutIssue(issue.id, vars.agentId, [vars.expected]));
  const release = useIssueMutation(companyId, issue.id, () => releaseIssue(issue.id));
  const refused = checkout.error ?? release.error;
  const chosen = agentId || issue.assigneeAgentId || "";
  const releasable = Boolean(issue.assigneeAgentId || issue.lockedAt);

  return (
    <Card data-testid="issue-checkout">
      <CardHeader title="Checkout" />
      <CardBody className="space-y-3 text-sm">
        {locked ? (
          <div className="space-y-1" data-testid="lock-owner">
            <p className="flex flex-wrap items-center gap-1.5 text-slate-700">
              <LockGlyph />
              <span>Checked out by</span>{" "}
              <Assignee agent={owner} prefix={prefix} className="font-medium text-slate-900" />
            </p>
            {" "}
            <p className="text-xs text-slate-500">
              {issue.lockedAt ? <>Since {formatDateTime(issue.lockedAt)}</> : "Moved to In progress by an update, not a checkout"}
              {issue.checkoutRunId ? <> · run <span className="font-mono">{issue.checkoutRunId.slice(0, 8)}</span></> : issue.lockedAt ? " · by the board" : null}
            </p>
          </div>
        ) : (
          <p className="text-slate-600" data-testid="lock-owner">
            Not checked out{owner ? <>; assigned to <Assignee agent={owner} prefix={prefix} className="font-medium text-slate-900" /></> : null}.
          </p>
        )}

        {refused && (
          <Alert tone="error" title={checkout.error ? "Checkout refused" : "Release refused"}>
            <span data-testid="checkout-refusal">{refused.message}</span>
            {refused instanceof ApiError && <span className="ml-1 font-mono text-xs opacity-75">({refused.status} {refused.code})</span>}
          </Alert>
        )}

        {canWrite && !locked && !isTerminal(issue.status as IssueStatus) && maps.assignable.length === 0 && (
          <p className="text-xs text-slate-500">No agent of the company can take work yet.</p>
        )}
        {canWrite && !locked && !isTerminal(issue.status as IssueStatus) && maps.assignable.length > 0 && (
          <form
            className="flex flex-wrap items-end gap-2"
            aria-label="Check out"
            onSubmit={(e) => {
              e.preventDefault();
              release.reset();
              if (chosen) checkout.mutate({ agentId: chosen, expected: issue.status as IssueStatus });
            }}
          >
            <label className="min-w-40 flex-1 space-y-1">
              <span className="block text-xs text-slate-500">For agent</span>
              <Select value={chosen} onChange={(e) => setAgentId(e.target.value)} aria-label="Check out for agent">
                {!chosen && <option value="">Choose an agent…</option>}
                {maps.assignable.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
              </Select>
            </label>
            <Button type="submit" variant="primary" pending={checkout.isPending} disabled={!chosen}>Check out</Button>
          </form>
        )}
        {canWrite && releasable && (
          <div className="flex items-center justify-between gap-3 border-t border-slate-100 pt-3">
            <p className="text-xs text-slate-500">
              {locked ? `Release: the issue goes back to ${humanize("todo")}, unassigned and unlocked.` : "Release: unassign it and clear any lock."}
            </p>
            <Button variant="danger" size="sm" pending={release.isPending} onClick={() => { checkout.reset(); release.mutate(undefined); }}>Release</Button>
          </div>
        )}
        {canWrite && !locked && isTerminal(issue.status as IssueStatus) && (
          <p className="text-xs text-slate-500">{humanize(issue.status)} work cannot be checked out.</p>
        )}
      </CardBody>
    </Card>
  );
}

function LockGlyph() {
  return (
    <svg viewBox="0 0 20 20" className="size-4 text-amber-600" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <rect x="4" y="9" width="12" height="8" rx="1.5" />
      <path d="M7 9V6.5a3 3 0 0 1 6 0V9" />
    </svg>
  );
}
