"use client";

// An issue's page: the verifications Charter ran in its workspace (status, exit code, duration, the
// commit verified, the log's tail and the whole log on demand), "Run verification", and the review:
// Approve / Request changes when the project's reviewer is the board.
import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { IssueDetail } from "@/lib/queries/issues";
import { fetchProject, projectKeys } from "@/lib/queries/projects";
import {
  fetchVerificationLog, fetchVerifications, startVerification, submitReview, workKeys,
  type ProjectWorkSettings, type ReviewVerdict, type Verification, type VerificationStatus,
} from "@/lib/queries/workspaces";
import { activityKeys } from "@/lib/queries/activity";
import { formatDateTime } from "@/lib/format";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, Textarea } from "@/components/ui/input";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { formatDuration } from "@/components/runs/run-badges";
import { shortSha } from "@/components/issues/issue-workspace.client";
import type { DirectoryMaps } from "@/components/issues/directory";

const statusLook: Record<VerificationStatus, { tone: BadgeTone; text: string }> = {
  running: { tone: "blue", text: "Running" },
  passed: { tone: "green", text: "Passed" },
  failed: { tone: "red", text: "Failed" },
  timed_out: { tone: "amber", text: "Timed out" },
};

function VerificationStatusBadge({ status }: { status: VerificationStatus }) {
  const look = statusLook[status] ?? { tone: "gray" as const, text: status };
  return <Badge tone={look.tone} dot pulse={status === "running"}>{look.text}</Badge>;
}

/** The project's verification and review rule, as its GET answers them (both absent: nothing to show). */
function useProjectChecks(companyId: string, projectId: string | null) {
  const query = useQuery({
    queryKey: projectKeys.detail(companyId, projectId ?? ""),
    queryFn: () => fetchProject(projectId!),
    enabled: !!projectId,
  });
  const p = query.data as (Partial<ProjectWorkSettings> & object) | undefined;
  return { verification: p?.verification ?? null, review: p?.review ?? null };
}

interface Props {
  companyId: string;
  issue: IssueDetail;
  maps: DirectoryMaps;
  canWrite: boolean;
}

/** Verifications and review, shown for an issue of a project that asks for either (or has run one). */
export function IssueVerification({ companyId, issue, maps, canWrite }: Props) {
  const queryClient = useQueryClient();
  const checks = useProjectChecks(companyId, issue.projectId);
  const key = workKeys.verifications(companyId, issue.id);
  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchVerifications(issue.id),
    enabled: !!issue.projectId,
    // live events re-read it when one finishes; this only covers a stream that is away
    refetchInterval: (q) => (q.state.data?.items[0]?.status === "running" ? 5_000 : false),
  });
  const run = useMutation({
    mutationFn: () => startVerification(issue.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const items = query.data?.items ?? [];
  if (!checks.verification && !checks.review && items.length === 0) return null;
  const running = items[0]?.status === "running";
  const closed = issue.status === "done" || issue.status === "cancelled";

  return (
    <Card data-testid="issue-verification">
      <CardHeader
        title="Verification"
        description={checks.verification ? <span className="break-all">Charter runs <code className="font-mono text-xs">{[checks.verification.command, ...(checks.verification.args ?? [])].join(" ")}</code> in the issue&apos;s workspace.</span> : "The project no longer sets a verification command."}
        actions={canWrite && checks.verification && !closed && (
          <Button size="sm" onClick={() => run.mutate()} pending={run.isPending} disabled={running}>Run verification</Button>
        )}
      />
      <ApiErrorAlert error={run.error ?? query.error} className="mx-5 mt-4" />
      {query.isSuccess && items.length === 0 && (
        <p className="px-5 py-4 text-sm text-fg-muted">Not verified yet. Moving the issue to In review starts a verification.</p>
      )}
      {items.length > 0 && (
        <ul className="divide-y divide-slate-100" data-testid="verifications">
          {items.map((v, i) => <VerificationRow key={v.id} companyId={companyId} v={v} open={i === 0} />)}
        </ul>
      )}
      {checks.review && <ReviewSection companyId={companyId} issue={issue} review={checks.review} maps={maps} canWrite={canWrite} />}
    </Card>
  );
}

function VerificationRow({ companyId, v, open }: { companyId: string; v: Verification; open: boolean }) {
  const [full, setFull] = useState(false);
  const log = useQuery({ queryKey: workKeys.verificationLog(companyId, v.id), queryFn: () => fetchVerificationLog(v.id), enabled: full });
  return (
    <li className="px-5 py-3 text-sm" data-testid="verification" data-status={v.status}>
      <details open={open} className="group">
        <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1">
          <VerificationStatusBadge status={v.status} />
          <span className="text-xs text-fg-muted">exit {v.exitCode ?? "—"}</span>
          <span className="text-xs tabular-nums text-fg-muted">{formatDuration(v.durationMs)}</span>
          <span className="font-mono text-xs text-fg-muted" title={v.headSha ?? undefined}>commit {shortSha(v.headSha)}</span>
          <time dateTime={v.startedAt} className="ml-auto text-xs text-fg-subtle">{formatDateTime(v.startedAt)}</time>
        </summary>
        <div className="mt-2 space-y-2">
          {v.error && <p className="break-words text-sm text-red-700">{v.error}</p>}
          <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-md bg-code p-3 font-mono text-xs text-code-fg" aria-label="The log's tail" tabIndex={0}>
            {v.logTail?.trim() ? v.logTail : "(no output)"}
          </pre>
          {full ? (
            <>
              <ApiErrorAlert error={log.error} />
              <pre className="max-h-[32rem] overflow-auto whitespace-pre-wrap break-all rounded-md bg-code p-3 font-mono text-xs text-code-fg" aria-label="The whole log" tabIndex={0} data-testid="verification-log">
                {log.isLoading ? "Loading…" : log.data || "(no output)"}
              </pre>
            </>
          ) : (
            <Button size="sm" variant="ghost" onClick={() => setFull(true)}>Show the whole log</Button>
          )}
        </div>
      </details>
    </li>
  );
}

function ReviewSection({ companyId, issue, review, maps, canWrite }: {
  companyId: string; issue: IssueDetail; review: NonNullable<ProjectWorkSettings["review"]>; maps: DirectoryMaps; canWrite: boolean;
}) {
  const reviewer = review.kind === "board" ? "the board" : maps.agent.get(review.agentId)?.name ?? "an agent";
  const waiting = issue.status === "in_review";
  return (
    <CardBody className="space-y-3 border-t border-slate-100" data-testid="issue-review">
      <h3 className="text-sm font-semibold text-fg">Review</h3>
      <p className="text-sm text-fg-muted">
        Reviewer: <span className="font-medium text-fg">{reviewer}</span>.{" "}
        {waiting ? "Waiting for the reviewer's verdict." : issue.status === "done" ? "Done." : "Moving the issue to In review asks for a verdict."}
      </p>
      {waiting && review.kind === "board" && canWrite && <ReviewForm companyId={companyId} issueId={issue.id} />}
    </CardBody>
  );
}

function ReviewForm({ companyId, issueId }: { companyId: string; issueId: string }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState("");
  const submit = useMutation({
    mutationFn: ({ verdict, text }: { verdict: ReviewVerdict; text?: string }) => submitReview(issueId, verdict, text),
    onSuccess: async () => {
      setAsking(false);
      setComment("");
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["companies", companyId, "issues"] }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all(companyId) }),
      ]);
    },
  });
  function onRequest(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (comment.trim()) submit.mutate({ verdict: "request_changes", text: comment.trim() });
  }
  return (
    <div className="space-y-3">
      <ApiErrorAlert error={submit.error} />
      {asking ? (
        <form onSubmit={onRequest} className="space-y-2" aria-label="Request changes">
          <Field label="What should change" htmlFor="review-comment">
            <Textarea id="review-comment" value={comment} onChange={(e) => setComment(e.target.value)} rows={3} required maxLength={10_000} autoFocus />
          </Field>
          <div className="flex justify-end gap-2">
            <Button size="sm" onClick={() => setAsking(false)}>Cancel</Button>
            <Button size="sm" type="submit" variant="primary" pending={submit.isPending}>Send back for changes</Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="primary" onClick={() => submit.mutate({ verdict: "approve" })} pending={submit.isPending}>Approve</Button>
          <Button size="sm" onClick={() => { submit.reset(); setAsking(true); }}>Request changes</Button>
        </div>
      )}
    </div>
  );
}
