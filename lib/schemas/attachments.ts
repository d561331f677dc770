// Issue attachments: files and images on an issue or one of its comments (bytes at /api/assets/<assetId>).
import { z } from "zod";
import { dateTimeSchema, intSchema, refSchema, uuidSchema } from "@/lib/schemas/common";

export const attachmentParams = z.object({ issueId: refSchema, attachmentId: uuidSchema });

/** The multipart form's fields besides the file, as the OpenAPI document lists them. */
export const attachmentUploadFields = {
  file: "The file, at most 10 MiB: a PNG, JPEG, WebP, GIF or SVG image, a PDF, a zip or gzip archive, or UTF-8 text (markdown, CSV, JSON, plain)",
  commentId: "Optional: the id of a comment on this issue that the file belongs to",
};

export const attachmentResponseSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  issueId: uuidSchema,
  commentId: uuidSchema.nullable().describe("The comment it belongs to, or null for the issue itself"),
  assetId: uuidSchema,
  url: z.string().describe("Where its bytes are: /api/assets/<assetId>"),
  name: z.string().describe("The uploaded file name"),
  contentType: z.string().describe("Judged from the bytes at upload, not from the name"),
  byteSize: intSchema,
  isImage: z.boolean().describe("An image the board shows as a thumbnail"),
  createdByUserId: uuidSchema.nullable(),
  createdByAgentId: uuidSchema.nullable(),
  createdAt: dateTimeSchema,
}).meta({ id: "IssueAttachment" });

