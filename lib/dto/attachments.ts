import type { Asset, IssueAttachment } from "@/lib/generated/prisma/client";

/** The asset fields an attachment shows (never its bytes). */
export type AssetInfo = Pick<Asset, "contentType" | "byteSize" | "originalName">;

export function attachmentDto(row: IssueAttachment, asset: AssetInfo) {
  return {
    id: row.id,
    companyId: row.companyId,
    issueId: row.issueId,
    commentId: row.commentId,
    assetId: row.assetId,
    url: `/api/assets/${row.assetId}`,
    name: asset.originalName || "file",
    contentType: asset.contentType,
    byteSize: asset.byteSize,
    isImage: asset.contentType.startsWith("image/"),
    createdByUserId: row.createdByUserId,
    createdByAgentId: row.createdByAgentId,
    createdAt: row.createdAt.toISOString(),
  };
}

export type AttachmentDto = ReturnType<typeof attachmentDto>;
