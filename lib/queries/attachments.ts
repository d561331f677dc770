// Issue attachments: query key (under the issue), list fetcher, removal, and an upload that reports
// its progress (fetch cannot report upload progress, XMLHttpRequest can).
import type { AttachmentDto } from "@/lib/dto/attachments";
import { apiAll, apiSend, ApiError } from "@/lib/queries/fetcher";
import { issueKeys } from "@/lib/queries/issues";

export type { AttachmentDto };

/** The largest file the API takes (lib/services/assets.ts MAX_ATTACHMENT_BYTES); checked here too, to fail before sending. */
const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

export const attachmentKeys = {
  list: (companyId: string, issueId: string) => [...issueKeys.detail(companyId, issueId), "attachments"] as const,
};

export const fetchAttachments = (issueId: string) => apiAll<AttachmentDto>(`/api/issues/${issueId}/attachments`);

export const deleteAttachment = (issueId: string, attachmentId: string) =>
  apiSend<void>("DELETE", `/api/issues/${issueId}/attachments/${attachmentId}`);

/** POSTs the file (multipart part `file`), calling `onProgress` with 0–100 while it is sent. */
export function uploadAttachment(issueId: string, file: File, onProgress: (percent: number) => void, commentId?: string): Promise<AttachmentDto> {
  if (file.size > MAX_ATTACHMENT_BYTES) return Promise.reject(new ApiError(413, "payload_too_large", "The file is larger than 10 MiB"));
  const form = new FormData();
  form.append("file", file);
  if (commentId) form.append("commentId", commentId);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/issues/${issueId}/attachments`);
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress((e.loaded / e.total) * 100);
    xhr.onerror = () => reject(new ApiError(0, "network", "The upload failed: the server could not be reached"));
    xhr.onload = () => {
      let body: { error?: string; code?: string; details?: [] } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: the status still says enough
      }
      if (xhr.status === 201) resolve(body as unknown as AttachmentDto);
      else reject(new ApiError(xhr.status, body.code ?? "unknown", body.error ?? `Upload failed (${xhr.status})`, body.details ?? []));
    };
    xhr.send(form);
  });
}
