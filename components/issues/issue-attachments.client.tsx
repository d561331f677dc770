"use client";

import { useRef, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { attachmentKeys, deleteAttachment, fetchAttachments, uploadAttachment, type AttachmentDto } from "@/lib/queries/attachments";
import { activityKeys } from "@/lib/queries/activity";
import { formatBytes, formatDateTime } from "@/lib/format";
import { cn } from "@/lib/cn";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ProgressBar } from "@/components/ui/progress";
import { ApiErrorAlert } from "@/components/forms/api-error";
import type { Directory, DirectoryMaps } from "@/components/issues/directory";

/** The issue's attachments, shared by the section and the comments (one query, one cache entry). */
function useAttachments(companyId: string, issueId: string, initial?: AttachmentDto[]) {
  return useQuery({
    queryKey: attachmentKeys.list(companyId, issueId),
    queryFn: () => fetchAttachments(issueId),
    initialData: initial,
  });
}

/** Past this many, the section shows the first images and files and a "Show all". */
const FOLD_AT = 24;
const SHOWN_IMAGES = 12;
const SHOWN_FILES = 6;

/** "Attachments": images as thumbnails, other files as download links; attach and remove for writers. */
export function IssueAttachments({ companyId, issueId, initial, directory, maps, canWrite }: {
  companyId: string; issueId: string; initial?: AttachmentDto[]; directory: Directory; maps: DirectoryMaps; canWrite: boolean;
}) {
  const { data = [] } = useAttachments(companyId, issueId, initial);
  const issueLevel = data.filter((a) => !a.commentId);
  const [all, setAll] = useState(false);
  const folded = !all && issueLevel.length > FOLD_AT;
  const images = issueLevel.filter((a) => a.isImage).slice(0, folded ? SHOWN_IMAGES : undefined);
  const files = issueLevel.filter((a) => !a.isImage).slice(0, folded ? SHOWN_FILES : undefined);
  const upload = useDirectUpload(companyId, issueId);

  return (
    <Card>
      <CardHeader
        title={<>Attachments <span className="font-normal text-slate-400" data-testid="attachment-count">{issueLevel.length}</span></>}
        actions={canWrite && <Button size="sm" onClick={upload.pick} pending={upload.pending}>Attach files</Button>}
      />
      <CardBody className="space-y-4">
        {upload.input}
        {upload.progress !== null && <ProgressBar percent={upload.progress} label="Uploading" className="h-1.5" />}
        <ApiErrorAlert error={upload.error} />
        {issueLevel.length === 0 && <p className="text-sm text-slate-400">No attachments. {canWrite ? "Attach files here, or paste or drop them into a comment or the description." : ""}</p>}
        {images.length > 0 && (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 xl:grid-cols-6" aria-label="Images" data-testid="attachment-images">
            {images.map((a) => <Thumbnail key={a.id} a={a} companyId={companyId} canWrite={canWrite} by={uploader(a, directory, maps)} />)}
          </ul>
        )}
        {files.length > 0 && (
          <ul className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200" aria-label="Files" data-testid="attachment-files">
            {files.map((a) => <FileRow key={a.id} a={a} companyId={companyId} canWrite={canWrite} by={uploader(a, directory, maps)} />)}
          </ul>
        )}
        {folded && (
          <div className="text-center">
            <Button size="sm" variant="ghost" onClick={() => setAll(true)}>Show all {issueLevel.length} attachments</Button>
          </div>
        )}
      </CardBody>
    </Card>
  );
}

/** A comment's own attachments (an agent's upload with commentId), under its text. */
export function CommentAttachments({ companyId, issueId, commentId, directory, maps }: { companyId: string; issueId: string; commentId: string; directory: Directory; maps: DirectoryMaps }) {
  const { data = [] } = useAttachments(companyId, issueId);
  const mine = data.filter((a) => a.commentId === commentId);
  if (mine.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label="Attachments of this comment">
      {mine.map((a) => (a.isImage ? (
        <Thumbnail key={a.id} a={a} companyId={companyId} canWrite={false} by={uploader(a, directory, maps)} small />
      ) : (
        <li key={a.id}><FileLink a={a} /></li>
      )))}
    </ul>
  );
}

function uploader(a: AttachmentDto, directory: Directory, maps: DirectoryMaps): string {
  if (a.createdByAgentId) return maps.agent.get(a.createdByAgentId)?.name ?? "an agent";
  return (a.createdByUserId && directory.users[a.createdByUserId]) || "a board user";
}

function Thumbnail({ a, companyId, canWrite, by, small }: { a: AttachmentDto; companyId: string; canWrite: boolean; by: string; small?: boolean }) {
  return (
    <li className={cn("group relative", small && "size-24")} title={`${a.name} · ${formatBytes(a.byteSize)} · by ${by}, ${formatDateTime(a.createdAt)}`}>
      <a href={a.url} target="_blank" rel="noopener" className="block overflow-hidden rounded-md bg-slate-50 ring-1 ring-slate-200 hover:ring-indigo-300">
        {/* uploads are served by the API; the browser shows them as they are */}
        <img src={a.url} alt={a.name} loading="lazy" className={cn("w-full object-cover", small ? "size-24" : "aspect-square")} />
      </a>
      {!small && <p className="mt-1 truncate text-xs text-slate-500">{a.name}</p>}
      {canWrite && <RemoveButton a={a} companyId={companyId} className="absolute right-1 top-1 opacity-100 sm:opacity-0 sm:group-hover:opacity-100 sm:focus:opacity-100" />}
    </li>
  );
}

function FileLink({ a }: { a: AttachmentDto }) {
  return (
    <a href={a.url} download={a.name} className="inline-flex max-w-full items-center gap-1.5 rounded-md bg-slate-50 px-2 py-1 text-xs font-medium text-indigo-700 ring-1 ring-inset ring-slate-200 hover:bg-indigo-50">
      <FileGlyph />
      <span className="truncate">{a.name}</span>
      <span className="shrink-0 font-normal text-slate-400">{formatBytes(a.byteSize)}</span>
    </a>
  );
}

function FileRow({ a, companyId, canWrite, by }: { a: AttachmentDto; companyId: string; canWrite: boolean; by: string }) {
  return (
    <li className="flex items-center gap-3 px-3 py-2 text-sm">
      <FileGlyph />
      <div className="min-w-0 flex-1">
        <a href={a.url} download={a.name} className="block truncate font-medium text-indigo-700 hover:underline">{a.name}</a>
        <p className="truncate text-xs text-slate-500">{formatBytes(a.byteSize)} · {a.contentType.split(";")[0]} · {by}, {formatDateTime(a.createdAt)}</p>
      </div>
      {canWrite && <RemoveButton a={a} companyId={companyId} />}
    </li>
  );
}

function RemoveButton({ a, companyId, className }: { a: AttachmentDto; companyId: string; className?: string }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteAttachment(a.issueId, a.id),
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: attachmentKeys.list(companyId, a.issueId) }),
      queryClient.invalidateQueries({ queryKey: activityKeys.all(companyId), refetchType: "none" }),
    ]),
  });
  return (
    <button
      type="button"
      onClick={() => remove.mutate()}
      disabled={remove.isPending}
      aria-label={`Remove ${a.name}`}
      title={remove.error ? `Not removed: ${remove.error.message}` : `Remove ${a.name}`}
      className={cn("rounded bg-white/90 p-1 text-slate-500 shadow-sm ring-1 ring-slate-200 hover:text-red-700 disabled:opacity-50", remove.error && "text-red-700 ring-red-300", className)}
    >
      <svg viewBox="0 0 20 20" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true"><path d="M5 5l10 10M15 5L5 15" /></svg>
    </button>
  );
}

function FileGlyph() {
  return (
    <svg viewBox="0 0 20 20" className="size-4 shrink-0 text-slate-400" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
      <path d="M6 2.75h5.5L15.25 6.5v10.75H6z" strokeLinejoin="round" />
      <path d="M11.5 2.75V6.5h3.75" strokeLinejoin="round" />
    </svg>
  );
}

/** The section's own "Attach files": uploads one after another, with the running file's progress. */
function useDirectUpload(companyId: string, issueId: string) {
  const queryClient = useQueryClient();
  const ref = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: async (files: File[]) => {
      try {
        for (const f of files) {
          setProgress(0);
          await uploadAttachment(issueId, f, setProgress);
          await queryClient.invalidateQueries({ queryKey: attachmentKeys.list(companyId, issueId) });
        }
      } finally {
        setProgress(null);
      }
    },
  });
  const input = (
    <input
      ref={ref}
      type="file"
      multiple
      hidden
      aria-label="Attach files to the issue"
      onChange={(e) => {
        const files = [...(e.target.files ?? [])];
        e.target.value = "";
        if (files.length) mutation.mutate(files);
      }}
    />
  );
  return { input, pick: () => ref.current?.click(), pending: mutation.isPending, progress, error: mutation.error };
}
