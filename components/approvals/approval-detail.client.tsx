"use client";

import Link from "next/link";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApprovalDto } from "@/lib/dto/approvals";
import type { IssueDto } from "@/lib/dto/issues";
import { addApprovalComment, approvalKeys, fetchApproval, fetchApprovalComments, type ApprovalComment } from "@/lib/queries/approvals";
import { formatDateTime } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Textarea } from "@/components/ui/input";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { MarkdownText } from "@/components/markdown/render";
import { IssueStatusBadge } from "@/components/issues/issue-badges";
import { ApprovalMeta, ApprovalStatusBadge, ApprovalSummary, type ApprovalNames } from "@/components/approvals/approval-card";
import { DecisionControls } from "@/components/approvals/decision-controls.client";

interface Props {
  companyId: string;
  names: ApprovalNames;
  canDecide: boolean;
  canComment: boolean;
  initial: { approval: ApprovalDto; comments: ApprovalComment[]; issues: IssueDto[] };
}

/** One approval: what is asked, the decision, the thread and the linked issues. */
export function ApprovalDetail({ companyId, names, canDecide, canComment, initial }: Props) {
  const id = initial.approval.id;
  const approval = useQuery({ queryKey: approvalKeys.detail(companyId, id), queryFn: () => fetchApproval(id), initialData: initial.approval }).data;
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <Card>
          <CardHeader title={approval.type === "hire_agent" ? "The agent asked for" : "The plan"} description={<ApprovalMeta approval={approval} names={names} />} actions={<span data-testid="approval-status"><ApprovalStatusBadge status={approval.status} /></span>} />
          <CardBody className="space-y-4">
            <ApprovalSummary approval={approval} names={names} companyId={companyId} />
            {approval.decisionNote && (
              <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600">
                <span className="font-medium text-slate-700">Board note:</span> {approval.decisionNote}
              </p>
            )}
            {approval.decidedAt && (
              <p className="text-xs text-slate-500">
                Decided by {approval.decidedByUserId ? names.users[approval.decidedByUserId] ?? "a board member" : "the board"} · {formatDateTime(approval.decidedAt)}
              </p>
            )}
            {canDecide && <DecisionControls companyId={companyId} approval={approval} />}
            {approval.status === "revision_requested" && <p className="text-sm text-violet-700">Waiting for the requester to revise and resubmit.</p>}
          </CardBody>
        </Card>
        <Thread companyId={companyId} approvalId={id} names={names} canComment={canComment} initial={initial.comments} />
      </div>
      <Card className="h-fit">
        <CardHeader title="Linked issues" />
        <CardBody>
          {initial.issues.length === 0 ? (
            <p className="text-sm text-slate-500">No issues are linked to this approval.</p>
          ) : (
            <ul className="space-y-2" data-testid="linked-issues">
              {initial.issues.map((i) => (
                <li key={i.id} className="flex items-center justify-between gap-2 text-sm">
                  <Link href={`/${names.prefix}/issues/${i.identifier}`} className="min-w-0 truncate text-slate-800 hover:text-indigo-700 hover:underline">
                    <span className="font-mono text-xs text-slate-500">{i.identifier}</span> {i.title}
                  </Link>
                  <IssueStatusBadge status={i.status} />
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
    </div>
  );
}

function Thread({ companyId, approvalId, names, canComment, initial }: { companyId: string; approvalId: string; names: ApprovalNames; canComment: boolean; initial: ApprovalComment[] }) {
  const queryClient = useQueryClient();
  const [body, setBody] = useState("");
  const comments = useQuery({ queryKey: approvalKeys.comments(companyId, approvalId), queryFn: () => fetchApprovalComments(approvalId), initialData: initial }).data;
  const mutation = useMutation({
    mutationFn: () => addApprovalComment(approvalId, body.trim()),
    onSuccess: async () => {
      setBody("");
      await queryClient.invalidateQueries({ queryKey: approvalKeys.comments(companyId, approvalId) });
    },
  });
  const author = (c: ApprovalComment) =>
    c.authorAgentId ? names.agents[c.authorAgentId]?.name ?? "An agent" : c.authorUserId ? names.users[c.authorUserId] ?? "A board member" : "Charter";
  return (
    <Card>
      <CardHeader title="Discussion" description="Questions and answers between the board and the requester" />
      <CardBody className="space-y-4">
        {comments.length === 0 && <p className="text-sm text-slate-500">No comments yet.</p>}
        <ol className="space-y-4" data-testid="approval-comments">
          {comments.map((c) => (
            <li key={c.id} id={`comment-${c.id}`} className="text-sm">
              <p className="text-xs text-slate-500"><span className="font-medium text-slate-800">{author(c)}</span> · {formatDateTime(c.createdAt)}</p>
              <MarkdownText prefix={names.prefix} className="mt-1">{c.body}</MarkdownText>
            </li>
          ))}
        </ol>
        {canComment && (
          <form className="space-y-2" onSubmit={(e) => { e.preventDefault(); if (body.trim()) mutation.mutate(); }}>
            <Textarea aria-label="Comment" placeholder="Write a comment…" value={body} onChange={(e) => setBody(e.target.value)} rows={3} />
            <ApiErrorAlert error={mutation.error} />
            <Button type="submit" size="sm" variant="primary" pending={mutation.isPending} disabled={!body.trim()}>Comment</Button>
          </form>
        )}
      </CardBody>
    </Card>
  );
}
