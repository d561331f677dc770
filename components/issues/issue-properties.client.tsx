"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { isTerminal, issuePriorities, legalMovesFrom, type IssuePriority, type IssueStatus } from "@/lib/issue-status";
import type { IssueDetail, IssuePatch } from "@/lib/queries/issues";
import { formatCents, formatDateTime, humanize } from "@/lib/format";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Select } from "@/components/ui/input";
import { MultiSelect } from "@/components/ui/multi-select.client";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { IssueStatusBadge, PriorityLabel } from "@/components/issues/issue-badges";
import { Assignee } from "@/components/issues/assignee";
import { AgentLiveStatus } from "@/components/runs/agent-live-status.client";
import { LabelChip } from "@/components/issues/label-chips";
import { useIssueUpdate } from "@/components/issues/use-issue-update";
import { DoneOverride, isVerificationRequired } from "@/components/issues/done-override.client";
import type { Directory, DirectoryMaps } from "@/components/issues/directory";

const USER = "board-user";

/** The statuses the control offers: the current one, the table's moves from it, and cancelling. */
function statusChoices(issue: Pick<IssueDetail, "status" | "assigneeAgentId" | "assigneeUserId">) {
  const from = issue.status as IssueStatus;
  const moves: IssueStatus[] = [...legalMovesFrom(from)];
  if (!isTerminal(from)) moves.push("cancelled");
  const hasAssignee = Boolean(issue.assigneeAgentId || issue.assigneeUserId);
  return moves.map((to) => ({ to, disabled: to === "in_progress" && !hasAssignee }));
}

/** The issue's fields, each changed by its own control (one PATCH per change). */
export function IssueProperties({ companyId, prefix, issue, directory, maps, canWrite }: {
  companyId: string; prefix: string; issue: IssueDetail; directory: Directory; maps: DirectoryMaps; canWrite: boolean;
}) {
  const update = useIssueUpdate(companyId, issue.id);
  const change = (patch: IssuePatch) => update.mutate(patch);
  // one assignee per issue: choosing an agent (or nobody) also clears a board user
  const assign = (value: string) => {
    if (value === USER) return;
    change({ assigneeAgentId: value || null, ...(issue.assigneeUserId ? { assigneeUserId: null } : {}) });
  };
  const assignee = issue.assigneeAgentId ? maps.agent.get(issue.assigneeAgentId) : undefined;
  const parent = issue.ancestors[0];

  return (
    <Card>
      <CardHeader title="Details" />
      <CardBody className="space-y-4">
        {isVerificationRequired(update.error) && canWrite
          ? <DoneOverride companyId={companyId} issueId={issue.id} refusal={update.error} onDone={() => update.reset()} />
          : <ApiErrorAlert error={update.error} />}
        <dl className="grid grid-cols-[5.5rem_1fr] items-center gap-x-3 gap-y-3 text-sm">
          <Row label="Status" htmlFor="issue-status-control">
            {canWrite && statusChoices(issue).length > 0 ? (
              <Select id="issue-status-control" value={issue.status} disabled={update.isPending} onChange={(e) => change({ status: e.target.value as IssueStatus })}>
                <option value={issue.status}>{humanize(issue.status)}</option>
                {statusChoices(issue).map(({ to, disabled }) => (
                  <option key={to} value={to} disabled={disabled}>
                    {to === "cancelled" ? "Cancel issue" : `Move to ${humanize(to)}`}{disabled ? " (needs an assignee)" : ""}
                  </option>
                ))}
              </Select>
            ) : (
              <IssueStatusBadge status={issue.status} />
            )}
          </Row>
          <Row label="Priority" htmlFor="issue-priority-control">
            {canWrite ? (
              <Select id="issue-priority-control" value={issue.priority} disabled={update.isPending} onChange={(e) => change({ priority: e.target.value as IssuePriority })}>
                {issuePriorities.map((p) => <option key={p} value={p}>{humanize(p)}</option>)}
              </Select>
            ) : (
              <PriorityLabel priority={issue.priority} />
            )}
          </Row>
          <Row label="Assignee" htmlFor="issue-assignee-control">
            {canWrite ? (
              <Select id="issue-assignee-control" value={issue.assigneeAgentId ?? (issue.assigneeUserId ? USER : "")} disabled={update.isPending} onChange={(e) => assign(e.target.value)}>
                <option value="">Unassigned</option>
                {maps.assignable.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
                {assignee && !maps.assignable.includes(assignee) && <option value={assignee.id}>{assignee.name} ({humanize(assignee.status)})</option>}
                {issue.assigneeUserId && <option value={USER}>{directory.users[issue.assigneeUserId] ?? "A board user"} (board user)</option>}
              </Select>
            ) : (
              <Assignee agent={assignee} userName={issue.assigneeUserId ? directory.users[issue.assigneeUserId] : undefined} prefix={prefix} />
            )}
            {issue.assigneeAgentId && <div><AgentLiveStatus companyId={companyId} agentId={issue.assigneeAgentId} /></div>}
          </Row>
          <Row label="Project" htmlFor="issue-project-control">
            {canWrite ? (
              <Select id="issue-project-control" value={issue.projectId ?? ""} disabled={update.isPending} onChange={(e) => change({ projectId: e.target.value || null })}>
                <option value="">No project</option>
                {directory.projects.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
              </Select>
            ) : issue.project ? (
              <Link href={`/${prefix}/projects/${issue.project.id}`} className="text-slate-700 hover:text-indigo-700 hover:underline">{issue.project.name}</Link>
            ) : <Empty />}
          </Row>
          <Row label="Goal" htmlFor="issue-goal-control">
            {canWrite ? (
              <Select id="issue-goal-control" value={issue.goalId ?? ""} disabled={update.isPending} onChange={(e) => change({ goalId: e.target.value || null })}>
                <option value="">No goal</option>
                {directory.goals.map((g) => <option key={g.id} value={g.id}>{g.title}</option>)}
              </Select>
            ) : issue.goal ? (
              <Link href={`/${prefix}/goals#goal-${issue.goal.id}`} className="text-slate-700 hover:text-indigo-700 hover:underline">{issue.goal.title}</Link>
            ) : <Empty />}
          </Row>
          <Row label="Labels" htmlFor="issue-labels-control">
            {canWrite ? (
              <MultiSelect
                id="issue-labels-control"
                label="Labels"
                placeholder="No labels"
                noun="labels"
                align="right"
                empty="The company has no labels yet"
                options={directory.labels.map((l) => ({ value: l.id, label: l.name, adornment: <span className="size-2 rounded-full" style={{ backgroundColor: l.color }} aria-hidden="true" /> }))}
                value={issue.labelIds}
                onChange={(labelIds) => change({ labelIds })}
              />
            ) : issue.labelIds.length === 0 ? <Empty /> : null}
            {canWrite && <Link href={`/${prefix}/issues/labels`} className="mt-1 inline-block text-xs text-slate-500 hover:text-indigo-700 hover:underline">Manage labels</Link>}
          </Row>
        </dl>
        {issue.labelIds.length > 0 && (
          <div className="flex flex-wrap gap-1.5" data-testid="issue-labels">
            {issue.labelIds.map((id) => maps.label.get(id)).map((l) => l && <LabelChip key={l.id} label={l} />)}
          </div>
        )}
        <dl className="grid grid-cols-[5.5rem_1fr] gap-x-3 gap-y-1.5 border-t border-slate-100 pt-4 text-xs">
          <dt className="text-slate-500">Parent</dt>
          <dd className="min-w-0 truncate text-slate-700">
            {parent ? <Link href={`/${prefix}/issues/${parent.identifier}`} className="hover:text-indigo-700 hover:underline"><span className="font-mono">{parent.identifier}</span> {parent.title}</Link> : "None"}
          </dd>
          <dt className="text-slate-500">Started</dt>
          <dd className="text-slate-700" data-testid="started-at">{issue.startedAt ? formatDateTime(issue.startedAt) : "Not yet"}</dd>
          <dt className="text-slate-500">Completed</dt>
          <dd className="text-slate-700" data-testid="completed-at">{issue.completedAt ? formatDateTime(issue.completedAt) : "Not yet"}</dd>
          {issue.cancelledAt && (
            <>
              <dt className="text-slate-500">Cancelled</dt>
              <dd className="text-slate-700">{formatDateTime(issue.cancelledAt)}</dd>
            </>
          )}
          <dt className="text-slate-500">Cost</dt>
          <dd className="tabular-nums text-slate-700" data-testid="issue-cost" title="The sum of the cost events reported for this issue">{formatCents(issue.costCents)}</dd>
          <dt className="text-slate-500">Created</dt>
          <dd className="text-slate-700">{formatDateTime(issue.createdAt)}</dd>
          <dt className="text-slate-500">Updated</dt>
          <dd className="text-slate-700">{formatDateTime(issue.updatedAt)}</dd>
        </dl>
      </CardBody>
    </Card>
  );
}

function Row({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <>
      <dt><label htmlFor={htmlFor} className="text-slate-500">{label}</label></dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}

const Empty = () => <span className="text-slate-400">—</span>;
