import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { issueParams } from "@/lib/schemas/issues";
import { attachmentResponseSchema, attachmentUploadFields } from "@/lib/schemas/attachments";
import { MAX_ATTACHMENT_BYTES } from "@/lib/services/assets";
import { listIssueAttachments, uploadIssueAttachment } from "@/lib/services/attachments";

export const GET = apiHandler(
  {
    params: issueParams, list: true,
    summary: "An issue's attachments, oldest first (bytes at their url)",
    response: z.array(attachmentResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listIssueAttachments(ctx, params.issueId, query)),
);

export const POST = apiHandler(
  {
    params: issueParams, multipart: { maxBytes: MAX_ATTACHMENT_BYTES, fields: attachmentUploadFields }, status: 201,
    summary: "Attach a file to an issue or one of its comments",
    description: "multipart/form-data with a part `file` (at most 10 MiB, 413 above) and optionally `commentId`. The type is judged from the bytes: images, PDF, zip/gzip and UTF-8 text are accepted, anything else (HTML, executables, a file whose name claims an image it is not) is 415. Only PNG/JPEG/WebP/GIF are served inline; everything else downloads.",
    response: attachmentResponseSchema,
  },
  ({ ctx, params, form }) => uploadIssueAttachment(ctx, params.issueId, { file: form?.get("file") ?? null, commentId: form?.get("commentId") ?? null }),
);
