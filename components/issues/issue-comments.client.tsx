"use client";

import Link from "next/link";
import { memo, useEffect, useMemo, useState, type FormEvent } from "react";
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { COMMENT_PAGE_SIZE, createComment, fetchCommentPage, issueKeys, type CommentDto } from "@/lib/queries/issues";
import type { Page } from "@/lib/queries/fetcher";
import { activityKeys } from "@/lib/queries/activity";
import { formatDateTime } from "@/lib/format";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { initials } from "@/components/shell/user-menu";
import { AgentAvatar } from "@/components/agents/agent-icon";
import { MarkdownText } from "@/components/markdown/render";
import type { Directory, DirectoryMaps } from "@/components/issues/directory";
import { MarkdownEditor } from "@/components/editor/markdown-editor.client";
import { mentionCandidates } from "@/components/editor/mentions";
import { CommentAttachments } from "@/components/issues/issue-attachments.client";

type Pages = InfiniteData<Page<CommentDto>, string | null>;

/** A permalink (#comment-<id>) to a comment further down is followed by loading pages up to this many comments. */
const PERMALINK_LOAD_LIMIT = 2_000;

/**
 * The issue's comment thread, oldest first, a page at a time ("Load more" follows the API's cursor,
 * so a thread of thousands renders as fast as one of fifty), each with a permalink
 * (#comment-<id>), and the comment box.
 */
export function IssueComments({ companyId, prefix, issueId, initialComments, directory, maps, canWrite }: {
  companyId: string; prefix: string; issueId: string; initialComments: Page<CommentDto>; directory: Directory; maps: DirectoryMaps; canWrite: boolean;
}) {
  const queryClient = useQueryClient();
  const queryKey = issueKeys.comments(companyId, issueId);
  const [mountedAt] = useState(() => Date.now());
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchCommentPage(issueId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    initialData: { pages: [initialComments], pageParams: [null] },
    initialDataUpdatedAt: mountedAt,
  });
  const comments = query.data.pages.flatMap((p) => p.items);
  const more = query.hasNextPage;
  const [body, setBody] = useState("");
  const [uploading, setUploading] = useState(false);
  const candidates = useMemo(() => mentionCandidates(directory.agents, directory.users), [directory]);
  // posted while older pages are still unloaded: it sits at the end of the thread, past them
  const [postedAhead, setPostedAhead] = useState<CommentDto | null>(null);
  const post = useMutation({
    mutationFn: (text: string) => createComment(issueId, text),
    onSuccess: async (comment) => {
      setBody("");
      if (more) setPostedAhead(comment);
      else {
        queryClient.setQueryData<Pages>(queryKey, (old) => old && {
          ...old,
          pages: old.pages.map((p, i) => (i === old.pages.length - 1 ? { ...p, items: [...p.items, comment] } : p)),
        });
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: issueKeys.detail(companyId, issueId), exact: true }),
        queryClient.invalidateQueries({ queryKey: issueKeys.all(companyId), refetchType: "none" }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all(companyId), refetchType: "none" }),
      ]);
    },
  });

  usePermalinkPages(comments, more, query.isFetchingNextPage, query.fetchNextPage);
  useEffect(() => {
    if (postedAhead && comments.some((c) => c.id === postedAhead.id)) setPostedAhead(null);
  }, [comments, postedAhead]);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (body.trim() && !uploading) post.mutate(body.trim());
  }

  return (
    <section aria-labelledby="comments-heading" className="space-y-3">
      <h2 id="comments-heading" className="text-sm font-semibold text-slate-900">
        Comments <span className="font-normal text-slate-400" data-testid="comment-count">{comments.length}{more ? "+" : ""}</span>
      </h2>
      {comments.length > 0 && (
        <ol className="space-y-3" data-testid="comments">
          {comments.map((c) => <CommentItem key={c.id} comment={c} companyId={companyId} prefix={prefix} directory={directory} maps={maps} />)}
        </ol>
      )}
      {more && (
        <div className="flex flex-wrap items-center justify-center gap-3 py-1">
          <span className="text-xs text-slate-500">Showing the first {comments.length}, oldest first</span>
          <Button size="sm" onClick={() => query.fetchNextPage()} pending={query.isFetchingNextPage}>Load {COMMENT_PAGE_SIZE} more comments</Button>
        </div>
      )}
      {query.isFetchNextPageError && <Alert tone="error">Loading more comments failed: {query.error?.message}</Alert>}
      {postedAhead && (
        <Alert tone="success">
          Your comment was posted at the end of the thread, after comments not loaded yet:{" "}
          <a href={`#comment-${postedAhead.id}`} className="font-medium underline underline-offset-2">show it</a>.
        </Alert>
      )}
      {comments.length === 0 && !canWrite && <p className="text-sm text-slate-500">No comments yet.</p>}
      {canWrite && (
        <Card>
          <form onSubmit={onSubmit} aria-label="Add a comment" className="space-y-3 p-4">
            <MarkdownEditor
              companyId={companyId}
              issueId={issueId}
              candidates={candidates}
              value={body}
              onChange={setBody}
              onUploadingChange={setUploading}
              onKeyDown={(e) => {
                if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) onSubmit(e);
              }}
              rows={4}
              maxLength={100_000}
              placeholder={comments.length ? "Reply…" : "Start the discussion…"}
              aria-label="Comment"
              aria-describedby="comment-hint"
            />
            <ApiErrorAlert error={post.error} />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p id="comment-hint" className="text-xs text-slate-500">
                Markdown. Type <span className="font-medium text-slate-600">@</span> to mention: an agent is woken (mention only agents who must act), a person sees it in their inbox.
              </p>
              <Button type="submit" variant="primary" pending={post.isPending} disabled={!body.trim() || uploading}>Comment</Button>
            </div>
          </form>
        </Card>
      )}
    </section>
  );
}

/**
 * A link to a comment not on the loaded pages (#comment-<id> from elsewhere): load further pages
 * until it is there (up to PERMALINK_LOAD_LIMIT comments), then bring it into view.
 */
function usePermalinkPages(comments: CommentDto[], more: boolean, fetching: boolean, fetchNext: () => unknown) {
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    const read = () => setTarget(/^#comment-([\w-]+)$/.exec(window.location.hash)?.[1] ?? null);
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);
  const found = target !== null && comments.some((c) => c.id === target);
  useEffect(() => {
    if (!target) return;
    if (found) {
      document.getElementById(`comment-${target}`)?.scrollIntoView({ block: "start" });
      setTarget(null);
    } else if (more && !fetching && comments.length < PERMALINK_LOAD_LIMIT) fetchNext();
  }, [target, found, more, fetching, comments.length, fetchNext]);
}

/** One comment; memoised, so loading another page renders only that page's markdown. */
const CommentItem = memo(function CommentItem({ comment: c, companyId, prefix, directory, maps }: { comment: CommentDto; companyId: string; prefix: string; directory: Directory; maps: DirectoryMaps }) {
  return (
    <li id={`comment-${c.id}`} className="scroll-mt-6">
      <Card className="[:target>&]:ring-2 [:target>&]:ring-indigo-300">
        <div className="flex items-center gap-2.5 border-b border-slate-100 px-4 py-2.5 text-sm">
          <Author comment={c} prefix={prefix} directory={directory} maps={maps} />
          <a href={`#comment-${c.id}`} className="ml-auto text-xs text-slate-400 hover:text-slate-600 hover:underline" title="Link to this comment">
            <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time>
          </a>
        </div>
        <div className="px-4 py-3">
          <MarkdownText prefix={prefix} agents={directory.agents}>{c.body}</MarkdownText>
          <CommentAttachments companyId={companyId} issueId={c.issueId} commentId={c.id} directory={directory} maps={maps} />
        </div>
      </Card>
    </li>
  );
});

function Author({ comment, prefix, directory, maps }: { comment: CommentDto; prefix: string; directory: Directory; maps: DirectoryMaps }) {
  const agent = comment.authorAgentId ? maps.agent.get(comment.authorAgentId) : undefined;
  if (agent) {
    return (
      <Link href={`/${prefix}/agents/${agent.urlKey}`} className="flex min-w-0 items-center gap-2 font-medium text-slate-900 hover:text-indigo-700" data-testid="comment-author">
        <AgentAvatar icon={agent.icon} role={agent.role} size="xs" />
        <span className="truncate">{agent.name}</span>
      </Link>
    );
  }
  const name = comment.authorUserId ? directory.users[comment.authorUserId] ?? "A board user" : "Unknown";
  return (
    <span className="flex min-w-0 items-center gap-2 font-medium text-slate-900" data-testid="comment-author">
      <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-slate-200 text-[0.625rem] font-semibold text-slate-700" aria-hidden="true">{initials(name)}</span>
      <span className="truncate">{name}</span>
      <span className="text-xs font-normal text-slate-400">board</span>
    </span>
  );
}
