// Files on issues and comments (docs/design.md §10's assets, linked by IssueAttachment): checked by content
// (lib/services/assets.ts), at most 10 MiB, uploaded by board members and the company's agents,
// removed by their uploader or a board member.
import type { IssueAttachment } from "@/lib/generated/prisma/client";
import { authorize } from "@/lib/auth/permissions";
import { AppError, forbidden, invalidReference, notFound, validationError } from "@/lib/http/errors";
import { keysetPage, type ListQuery, type OrderField } from "@/lib/http/pagination";
import { attachmentDto, type AssetInfo } from "@/lib/dto/attachments";
import { isUuid } from "@/lib/schemas/common";
import { inTx, type ServiceContext } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { getIssueOrThrow } from "@/lib/services/issues/queries";
import { insertAsset, MAX_ATTACHMENT_BYTES, readUploadedFile, sanitizeSvg, sniffAttachmentType } from "@/lib/services/assets";

const order = [["createdAt", "asc", "date"], ["id", "asc", "uuid"]] as const satisfies readonly OrderField<string>[];
const assetInfo = { id: true, contentType: true, byteSize: true, originalName: true } as const;
// attachment and asset are removed together, so this only covers rows written by hand
const missingAsset: AssetInfo = { contentType: "application/octet-stream", byteSize: 0, originalName: "" };

async function assetsOf(ctx: ServiceContext, companyId: string, rows: IssueAttachment[]): Promise<Map<string, AssetInfo>> {
  const assets = await ctx.db.asset.findMany({ where: { companyId, id: { in: rows.map((r) => r.assetId) } }, select: assetInfo });
  return new Map(assets.map((a) => [a.id, a]));
}

/** The optional commentId field: a comment on this very issue. */
async function commentOfIssue(ctx: ServiceContext, issue: { id: string; companyId: string }, raw: FormDataEntryValue | null): Promise<string | null> {
  if (raw === null || raw === "") return null;
  if (typeof raw !== "string" || !isUuid(raw)) throw validationError("commentId", "must be a UUID");
  const comment = await ctx.db.issueComment.findFirst({ where: { id: raw, companyId: issue.companyId, issueId: issue.id }, select: { id: true } });
  if (!comment) throw invalidReference("commentId", "Comment on this issue");
  return comment.id;
}

export async function uploadIssueAttachment(ctx: ServiceContext, issueRef: string, fields: { file: FormDataEntryValue | null; commentId: FormDataEntryValue | null }) {
  const issue = await getIssueOrThrow(ctx, issueRef, "work.write");
  const commentId = await commentOfIssue(ctx, issue, fields.commentId);
  const upload = await readUploadedFile(fields.file, MAX_ATTACHMENT_BYTES);
  const name = upload.name;
  let data = upload.data;
  const contentType = sniffAttachmentType(data, name);
  if (!contentType) {
    throw new AppError("unsupported_media_type", "The file is not an image (PNG, JPEG, WebP, GIF, SVG), a PDF, a zip or gzip archive, or UTF-8 text");
  }
  if (contentType === "image/svg+xml") data = Buffer.from(sanitizeSvg(data.toString("utf8")), "utf8");
  const actor = ctx.actor;
  const row = await inTx(ctx, async (tx) => {
    const assetId = await insertAsset(tx, actor, issue.companyId, { data, contentType, name });
    const attachment = await tx.issueAttachment.create({
      data: {
        companyId: issue.companyId, issueId: issue.id, commentId, assetId,
        createdByUserId: actor.kind === "board" ? actor.userId : null,
        createdByAgentId: actor.kind === "agent" ? actor.agentId : null,
      },
    });
    await recordActivity(tx, actor, {
      companyId: issue.companyId, action: "issue.attachment_added", entityType: "issue", entityId: issue.id,
      details: { attachmentId: attachment.id, name, contentType, byteSize: data.length, commentId },
    });
    return attachment;
  });
  return attachmentDto(row, { contentType, byteSize: data.length, originalName: name });
}

export async function listIssueAttachments(ctx: ServiceContext, issueRef: string, query: ListQuery) {
  const issue = await getIssueOrThrow(ctx, issueRef, "work.read");
  const page = await keysetPage(query, order, ({ after, ...page }) => ctx.db.issueAttachment.findMany({
    where: { companyId: issue.companyId, issueId: issue.id, ...after },
    ...page,
  }));
  const assets = await assetsOf(ctx, issue.companyId, page.items);
  return { ...page, items: page.items.map((r) => attachmentDto(r, assets.get(r.assetId) ?? missingAsset)) };
}

/** Board members remove any attachment; an agent only one it uploaded. The file's bytes go with it. */
export async function deleteIssueAttachment(ctx: ServiceContext, issueRef: string, attachmentId: string) {
  const issue = await getIssueOrThrow(ctx, issueRef, "work.read");
  const row = await ctx.db.issueAttachment.findFirst({ where: { id: attachmentId, companyId: issue.companyId, issueId: issue.id } });
  if (!row) throw notFound("Attachment");
  authorize(ctx.actor, "work.write", issue.companyId);
  const actor = ctx.actor;
  if (actor.kind === "agent" && row.createdByAgentId !== actor.agentId) throw forbidden("Agents may remove only attachments they uploaded");
  await inTx(ctx, async (tx) => {
    const gone = await tx.issueAttachment.deleteMany({ where: { id: row.id, companyId: issue.companyId } });
    if (gone.count === 0) throw notFound("Attachment");
    await tx.asset.deleteMany({ where: { id: row.assetId, companyId: issue.companyId } });
    await recordActivity(tx, actor, {
      companyId: issue.companyId, action: "issue.attachment_removed", entityType: "issue", entityId: issue.id,
      details: { attachmentId: row.id, commentId: row.commentId },
    });
  });
}

