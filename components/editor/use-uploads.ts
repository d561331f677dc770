"use client";

import { useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { attachmentKeys, uploadAttachment, type AttachmentDto } from "@/lib/queries/attachments";

export interface UploadState {
  key: number;
  name: string;
  percent: number;
  error: string | null;
}

/** The markdown an uploaded file becomes: an image, or a link that downloads it. */
function attachmentMarkdown(a: Pick<AttachmentDto, "name" | "url" | "isImage">): string {
  const label = a.name.replace(/[[\]\n]/g, "");
  return a.isImage ? `![${label}](${a.url})` : `[${label}](${a.url})`;
}

let nextKey = 1;

/**
 * Uploads files into an issue from an editor: each gets a placeholder in the text at the caret,
 * replaced by its markdown link when it is stored, or removed with the error shown when it is not.
 * The text is read through `latest`, so what the user types meanwhile is kept.
 */
export function useUploads({ companyId, issueId, text, setText }: { companyId: string; issueId: string; text: string; setText: (t: string) => void }) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const latest = useRef(text);
  latest.current = text;

  const patch = (key: number, p: Partial<UploadState>) => setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...p } : u)));
  const replace = (placeholder: string, by: string) => {
    const now = latest.current;
    if (!now.includes(placeholder)) return;
    latest.current = now.replace(placeholder, by);
    setText(latest.current);
  };

  function start(files: File[], caret: number) {
    const placeholders = files.map((f) => ({ file: f, key: nextKey++, text: `[Uploading ${f.name.replace(/[[\]\n]/g, "")}…]()` }));
    const now = latest.current;
    const at = Math.min(caret, now.length);
    const sep = at > 0 && now[at - 1] !== "\n" ? "\n" : "";
    latest.current = now.slice(0, at) + sep + placeholders.map((p) => p.text).join("\n") + "\n" + now.slice(at);
    setText(latest.current);
    setUploads((all) => [...all, ...placeholders.map((p) => ({ key: p.key, name: p.file.name, percent: 0, error: null }))]);
    for (const p of placeholders) {
      uploadAttachment(issueId, p.file, (percent) => patch(p.key, { percent }))
        .then((a) => {
          replace(p.text, attachmentMarkdown(a));
          setUploads((all) => all.filter((u) => u.key !== p.key));
          void queryClient.invalidateQueries({ queryKey: attachmentKeys.list(companyId, issueId) });
        })
        .catch((err: Error) => {
          replace(`${p.text}\n`, "");
          replace(p.text, "");
          patch(p.key, { error: err.message });
        });
    }
  }

  const dismiss = (key: number) => setUploads((all) => all.filter((u) => u.key !== key));
  const busy = uploads.some((u) => u.error === null);
  return { uploads, start, dismiss, busy };
}
