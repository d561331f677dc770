"use client";

import { useEffect, useRef, type ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { ProgressBar } from "@/components/ui/progress";
import { MentionTextarea } from "@/components/editor/mention-textarea.client";
import { useUploads } from "@/components/editor/use-uploads";
import { storedOffset, toShown } from "@/components/editor/mention-display";

type Props = Omit<ComponentProps<typeof MentionTextarea>, "onFiles" | "textareaRef"> & {
  companyId: string;
  /** the issue files go to */
  issueId: string;
  /** told whether an upload is still running, so the form can wait before sending its placeholder */
  onUploadingChange?: (uploading: boolean) => void;
};

/**
 * The issue page's markdown editor: `@` mentions, and files pasted, dropped or picked with "Attach
 * files" uploaded to the issue (at most 10 MiB each) and written into the text as an image or a link,
 * with each upload's progress and any error shown below. An error never takes typed text away.
 */
export function MarkdownEditor({ companyId, issueId, value, onChange, onUploadingChange, className, ...rest }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const { uploads, start, dismiss, busy } = useUploads({ companyId, issueId, text: value, setText: onChange });
  useEffect(() => onUploadingChange?.(busy), [busy, onUploadingChange]);

  return (
    <div className="space-y-2">
      <MentionTextarea {...rest} value={value} onChange={onChange} onFiles={start} textareaRef={area} className={className} />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <button
          type="button"
          className="text-xs font-medium text-indigo-700 hover:text-indigo-900 hover:underline"
          onClick={() => input.current?.click()}
        >
          Attach files
        </button>
        <span className="text-xs text-slate-400">or paste / drop them into the text · 10 MiB each</span>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label="Attach files"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = "";
            if (files.length) start(files, storedOffset(toShown(value).spans, area.current?.selectionStart ?? value.length));
          }}
        />
      </div>
      {uploads.length > 0 && (
        <ul className="space-y-1.5" aria-label="Uploads" aria-live="polite">
          {uploads.map((u) => (
            <li key={u.key} className={cn("rounded-md px-3 py-2 text-xs ring-1 ring-inset", u.error ? "bg-red-50 text-red-800 ring-red-200" : "bg-slate-50 text-slate-600 ring-slate-200")}>
              <div className="flex items-center gap-2">
                <span className="min-w-0 flex-1 truncate font-medium">{u.name}</span>
                {u.error ? (
                  <button type="button" className="shrink-0 text-red-700 hover:underline" onClick={() => dismiss(u.key)}>Dismiss</button>
                ) : (
                  <span className="shrink-0 tabular-nums">{Math.round(u.percent)}%</span>
                )}
              </div>
              {u.error ? <p role="alert" className="mt-0.5">Not attached: {u.error}</p> : <ProgressBar percent={u.percent} className="mt-1.5 h-1.5" label={`Uploading ${u.name}`} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
