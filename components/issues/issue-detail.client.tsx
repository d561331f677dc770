"use client";

import Link from "next/link";
import { useMemo, useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { LivenessLine } from "@/components/liveness/liveness-line.client";
import { fetchIssue, issueKeys, type CommentDto, type IssueDetail, type IssueDto } from "@/lib/queries/issues";
import type { Page } from "@/lib/queries/fetcher";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ChevronRightGlyph } from "@/components/ui/glyphs";
import { Input } from "@/components/ui/input";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { MarkdownText } from "@/components/markdown/render";
import { IssueStatusBadge, PriorityLabel } from "@/components/issues/issue-badges";
import { IssueProperties } from "@/components/issues/issue-properties.client";
import { IssueComments } from "@/components/issues/issue-comments.client";
import { IssueCheckout } from "@/components/issues/issue-checkout.client";
import { IssueBlockers } from "@/components/issues/issue-blockers.client";
import { SubIssues } from "@/components/issues/sub-issues.client";
import { useIssueUpdate } from "@/components/issues/use-issue-update";
import { useDirectoryMaps, type Directory } from "@/components/issues/directory";
import { IssueRuns } from "@/components/runs/issue-runs.client";
import { IssueAttachments } from "@/components/issues/issue-attachments.client";
import { MarkdownEditor } from "@/components/editor/markdown-editor.client";
import { mentionCandidates } from "@/components/editor/mentions";
import type { RunDto } from "@/lib/queries/runs";
import type { ActivityEntryDto } from "@/lib/dto/activity-entry";
import type { ApprovalDto } from "@/lib/dto/approvals";
import { IssueActivity } from "@/components/issues/issue-activity.client";
import { IssueApprovals } from "@/components/issues/issue-approvals.client";
import { QuestionCards } from "@/components/questions/question-cards.client";
import { IssueWorkProducts, IssueWorkspacePanel } from "@/components/issues/issue-workspace.client";
import { IssueVerification } from "@/components/issues/issue-verification.client";

interface Props {
  companyId: string;
  prefix: string;
  initialIssue: IssueDetail;
  initialComments: Page<CommentDto>;
  initialChildren: Page<IssueDto>;
  initialRuns: Page<RunDto>;
  initialActivity: Page<ActivityEntryDto>;
  initialApprovals: ApprovalDto[];
  /** the routine whose fire created this issue, if one did */
  routine?: { id: string; name: string } | null;
  viewerId: string;
  directory: Directory;
  canWrite: boolean;
  /** a board member may answer the issue's questions in place */
  canAnswer: boolean;
}

/** An issue's page: where it sits (ancestors), what it is, its fields, sub-issues, the runs that worked on it and discussion. */
export function IssueDetailView({ companyId, prefix, initialIssue, initialComments, initialChildren, initialRuns, initialActivity, initialApprovals, routine, viewerId, directory, canWrite, canAnswer }: Props) {
  const maps = useDirectoryMaps(directory);
  const { data: issue } = useQuery({
    queryKey: issueKeys.detail(companyId, initialIssue.id),
    queryFn: () => fetchIssue(initialIssue.id),
    initialData: initialIssue,
  });
  const ancestors = [...issue.ancestors].reverse(); // the API gives the nearest parent first

  return (
    <div className="space-y-6">
      <nav aria-label="Breadcrumb" className="flex min-w-0 flex-wrap items-center gap-1 text-sm text-slate-500">
        <Link href={`/${prefix}/issues`} className="hover:text-slate-800">Issues</Link>
        {ancestors.map((a) => (
          <span key={a.id} className="flex min-w-0 items-center gap-1">
            <ChevronRightGlyph className="size-3.5 shrink-0 text-slate-400" />
            <Link href={`/${prefix}/issues/${a.identifier}`} className="max-w-56 truncate hover:text-slate-800" title={a.title}>
              <span className="font-mono text-xs">{a.identifier}</span> {a.title}
            </Link>
          </span>
        ))}
        <ChevronRightGlyph className="size-3.5 shrink-0 text-slate-400" />
        <span className="font-mono text-xs text-slate-700">{issue.identifier}</span>
      </nav>

      <TitleHeader companyId={companyId} issue={issue} canWrite={canWrite} />
      <LivenessLine liveness={issue.liveness} />
      {routine && (
        <p className="-mt-4 text-sm text-fg-muted" data-testid="created-by-routine">
          Created by routine <Link href={`/${prefix}/routines/${routine.id}`} className="font-medium text-link hover:underline">{routine.name}</Link>
        </p>
      )}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <QuestionCards companyId={companyId} prefix={prefix} scope={{ issueId: issue.id }} agents={directory.agents} canAnswer={canAnswer} />
          <Description companyId={companyId} prefix={prefix} issue={issue} directory={directory} canWrite={canWrite} />
          <IssueAttachments companyId={companyId} issueId={issue.id} directory={directory} maps={maps} canWrite={canWrite} />
          <IssueVerification companyId={companyId} issue={issue} maps={maps} canWrite={canWrite} />
          <IssueWorkProducts companyId={companyId} issueId={issue.id} hideWhenEmpty={!issue.projectId} />
          <SubIssues companyId={companyId} prefix={prefix} issue={issue} initial={initialChildren} directory={directory} maps={maps} canWrite={canWrite} />
          <IssueApprovals companyId={companyId} prefix={prefix} issueId={issue.id} initial={initialApprovals} directory={directory} />
          <IssueRuns companyId={companyId} prefix={prefix} issueId={issue.id} initial={initialRuns} agents={maps.agent} />
          <IssueComments companyId={companyId} prefix={prefix} issueId={issue.id} initialComments={initialComments} directory={directory} maps={maps} canWrite={canWrite} />
          <IssueActivity companyId={companyId} prefix={prefix} issueId={issue.id} initial={initialActivity} directory={directory} viewerId={viewerId} />
        </div>
        {/* on a phone the fields come first, above the discussion */}
        <div className="order-first space-y-6 lg:order-none">
          <IssueProperties companyId={companyId} prefix={prefix} issue={issue} directory={directory} maps={maps} canWrite={canWrite} />
          <IssueCheckout companyId={companyId} prefix={prefix} issue={issue} maps={maps} canWrite={canWrite} />
          <IssueBlockers companyId={companyId} prefix={prefix} issue={issue} canWrite={canWrite} />
          {issue.projectId && <IssueWorkspacePanel companyId={companyId} issue={issue} canWrite={canWrite} />}
        </div>
      </div>
    </div>
  );
}

function TitleHeader({ companyId, issue, canWrite }: { companyId: string; issue: IssueDetail; canWrite: boolean }) {
  const [editing, setEditing] = useState(false);
  const update = useIssueUpdate(companyId, issue.id);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const title = String(new FormData(e.currentTarget).get("title") ?? "").trim();
    if (!title || title === issue.title) return setEditing(false);
    update.mutate({ title }, { onSuccess: () => setEditing(false) });
  }

  return (
    <header className="space-y-2">
      <div className="flex flex-wrap items-center gap-2.5">
        <span className="font-mono text-sm text-slate-500" data-testid="issue-identifier">{issue.identifier}</span>
        <span data-testid="issue-status"><IssueStatusBadge status={issue.status} /></span>
        <PriorityLabel priority={issue.priority} />
      </div>
      {editing ? (
        <form onSubmit={onSubmit} className="flex flex-wrap items-center gap-2" aria-label="Edit title">
          <Input
            name="title"
            defaultValue={issue.title}
            required
            maxLength={500}
            autoFocus
            aria-label="Title"
            className="min-w-64 flex-1 text-base font-semibold"
            onKeyDown={(e) => e.key === "Escape" && setEditing(false)}
          />
          <Button onClick={() => setEditing(false)}>Cancel</Button>
          <Button type="submit" variant="primary" pending={update.isPending}>Save</Button>
          <ApiErrorAlert error={update.error} className="w-full" />
        </form>
      ) : (
        <div className="flex items-start gap-3">
          <h1 className="min-w-0 flex-1 break-words text-xl font-semibold tracking-tight text-slate-900">{issue.title}</h1>
          {canWrite && <Button size="sm" variant="ghost" onClick={() => { update.reset(); setEditing(true); }}>Edit title</Button>}
        </div>
      )}
    </header>
  );
}

function Description({ companyId, prefix, issue, directory, canWrite }: { companyId: string; prefix: string; issue: IssueDetail; directory: Directory; canWrite: boolean }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(issue.description);
  const [uploading, setUploading] = useState(false);
  const update = useIssueUpdate(companyId, issue.id);
  const candidates = useMemo(() => mentionCandidates(directory.agents, directory.users), [directory]);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (uploading) return;
    if (text === issue.description) return setEditing(false);
    update.mutate({ description: text }, { onSuccess: () => setEditing(false) });
  }

  return (
    <Card>
      <CardHeader
        title="Description"
        actions={canWrite && !editing && <Button size="sm" onClick={() => { update.reset(); setText(issue.description); setEditing(true); }}>Edit</Button>}
      />
      <CardBody>
        {editing ? (
          <form onSubmit={onSubmit} className="space-y-3" aria-label="Edit description">
            <MarkdownEditor
              companyId={companyId} issueId={issue.id} candidates={candidates} value={text} onChange={setText} onUploadingChange={setUploading}
              name="description" rows={10} maxLength={100_000} autoFocus aria-label="Description" className="font-mono text-[0.8125rem]"
            />
            <ApiErrorAlert error={update.error} />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-xs text-slate-500">Markdown. Type @ to mention; link work as {issue.identifier} or /{prefix}/issues/{issue.identifier}.</p>
              <div className="flex gap-2">
                <Button onClick={() => setEditing(false)}>Cancel</Button>
                <Button type="submit" variant="primary" pending={update.isPending} disabled={uploading}>Save</Button>
              </div>
            </div>
          </form>
        ) : issue.description.trim() ? (
          <MarkdownText prefix={prefix} agents={directory.agents}>{issue.description}</MarkdownText>
        ) : (
          <p className="text-sm text-slate-400">No description.</p>
        )}
      </CardBody>
    </Card>
  );
}
