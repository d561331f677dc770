// Files stored in the database (docs/design.md §10): checked by content, not by the name or the declared
// type; SVG only after sanitising. Logos are images of at most 2 MiB; issue attachments (see
// lib/services/attachments.ts) also take documents and archives, up to 10 MiB. Only raster images
// are ever served inline: everything else is a download.
import { createHash } from "node:crypto";
import { AppError, notFound } from "@/lib/http/errors";
import { companyScope } from "@/lib/auth/permissions";
import { authorize } from "@/lib/auth/permissions";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { boardUserId, type Actor } from "@/lib/auth/actor";
import { recordActivity } from "@/lib/services/activity";
import { getCompanyOrThrow } from "@/lib/services/company-scope";

export const MAX_ASSET_BYTES = 2 * 1024 * 1024;
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/** Types a browser may show in place: raster images, which cannot run anything. */
const INLINE_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]);

const startsWith = (buf: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => buf[offset + i] === b);

/** The image type of `buf` judged by its magic bytes, or "svg" for an SVG document, else null. */
export function sniffImageType(buf: Buffer): string | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (buf.subarray(0, 6).toString("latin1") === "GIF87a" || buf.subarray(0, 6).toString("latin1") === "GIF89a") return "image/gif";
  if (buf.subarray(0, 4).toString("latin1") === "RIFF" && buf.subarray(8, 12).toString("latin1") === "WEBP") return "image/webp";
  const head = buf.subarray(0, 1024).toString("utf8").replace(/^\uFEFF/, "").trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return "image/svg+xml";
  return null;
}

/**
 * Removes what can run or fetch from an SVG: scripts, foreign objects, event handlers, external
 * references. Served with a sandboxing CSP as well, so a miss here still cannot run.
 */
export function sanitizeSvg(svg: string): string {
  // Removing one construct can join its neighbours into another (`<rect o onclick="x"nload="…">`),
  // so repeat until nothing changes; every pass that changes something shortens the text.
  for (let prev = ""; prev !== svg; ) {
    prev = svg;
    svg = sanitizeOnce(svg);
  }
  return svg;
}

function sanitizeOnce(svg: string): string {
  return svg
    .replace(/<!DOCTYPE[\s\S]*?>/gi, "")
    .replace(/<\?xml-stylesheet[\s\S]*?\?>/gi, "")
    .replace(/<(script|foreignObject|iframe|embed|object|audio|video)\b[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<(script|foreignObject|iframe|embed|object|audio|video)\b[^>]*\/?>/gi, "")
    .replace(/\s(on[a-z]+)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, "")
    .replace(/\s((?:xlink:)?href)\s*=\s*("(?!#|data:image\/(?:png|jpeg|gif|webp);)[^"]*"|'(?!#|data:image\/(?:png|jpeg|gif|webp);)[^']*')/gi, "")
    .replace(/url\(\s*['"]?(?!#)[^)]*\)/gi, "none")
    .replace(/@import[^;]*;?/gi, "");
}

const imageName = /\.(png|jpe?g|gif|webp|svg|bmp|ico|avif|heic|tiff?)$/i;
const looksLikeHtml = /^\s*(<\?xml[^>]*>\s*)?<(!doctype\s+html|html|head|body|script|iframe|meta|object|embed)[\s>]/i;
const textByName: [RegExp, string][] = [
  [/\.(md|markdown)$/i, "text/markdown; charset=utf-8"],
  [/\.csv$/i, "text/csv; charset=utf-8"],
  [/\.json$/i, "application/json"],
];

/** UTF-8 text without control characters other than tab, line breaks and form feed. */
function isPlainText(buf: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(buf);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text) && !looksLikeHtml.test(text.replace(/^\uFEFF/, ""));
}

/**
 * The content type an issue attachment is stored and served with, judged by its bytes: an image
 * (as for logos), a PDF, a zip or gzip archive, or plain UTF-8 text (typed as markdown, CSV or JSON
 * by its name, else text/plain). Null for anything else, for HTML, and for a file whose name claims
 * an image its bytes are not (a disguise).
 */
export function sniffAttachmentType(buf: Buffer, name: string): string | null {
  const image = sniffImageType(buf);
  if (image) return image;
  if (imageName.test(name)) return null;
  const head = buf.subarray(0, 8).toString("latin1");
  if (head.startsWith("%PDF-")) return "application/pdf";
  if (head.startsWith("PK\u0003\u0004") || head.startsWith("PK\u0005\u0006")) return "application/zip";
  if (buf[0] === 0x1f && buf[1] === 0x8b) return "application/gzip";
  if (!isPlainText(buf)) return null;
  return textByName.find(([re]) => re.test(name))?.[1] ?? "text/plain; charset=utf-8";
}

/** A stored file name: its last path segment, without control characters, at most 200 characters. */
function safeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  return base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 200) || "file";
}

/**
 * The headers an asset is served with: raster images inline, everything else (SVG, PDF, text,
 * archives) as a download, and always nosniff plus a CSP that lets an opened file run and fetch
 * nothing. An <img> still shows a downloadable SVG.
 */
export function assetHeaders(asset: { contentType: string; byteSize: number; originalName: string }): Record<string, string> {
  const name = safeFileName(asset.originalName);
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const disposition = INLINE_TYPES.has(asset.contentType) ? "inline" : "attachment";
  return {
    "Content-Type": asset.contentType,
    "Content-Length": String(asset.byteSize),
    "Content-Disposition": `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    "Cache-Control": "private, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
  };
}

/** The bytes of a multipart `file` part, at most `maxBytes` (413 above). */
export async function readUploadedFile(file: FormDataEntryValue | null | undefined, maxBytes: number): Promise<{ data: Buffer; name: string }> {
  if (!file || typeof file === "string") {
    throw new AppError("validation_error", "Send the file as a multipart part named file", [{ path: "file", message: "required" }]);
  }
  if (file.size > maxBytes) throw new AppError("payload_too_large", `The file is larger than ${maxBytes / 1024 / 1024} MiB`);
  if (file.size === 0) throw new AppError("validation_error", "The file is empty", [{ path: "file", message: "empty" }]);
  return { data: Buffer.from(await file.arrayBuffer()), name: safeFileName(file.name ?? "") };
}

/** Stores the bytes as an asset of the company (in the caller's transaction); returns its id. */
export async function insertAsset(tx: Tx, actor: Actor, companyId: string, file: { data: Buffer; contentType: string; name: string }): Promise<string> {
  const row = await tx.asset.create({
    data: {
      companyId, contentType: file.contentType, byteSize: file.data.length, data: new Uint8Array(file.data),
      sha256: createHash("sha256").update(file.data).digest("hex"), originalName: file.name,
      createdByUserId: boardUserId(actor),
      createdByAgentId: actor.kind === "agent" ? actor.agentId : null,
    },
    select: { id: true },
  });
  return row.id;
}

export async function uploadCompanyLogo(ctx: ServiceContext, companyRef: string, file: FormDataEntryValue | null) {
  const company = await getCompanyOrThrow(ctx, companyRef, "company.read");
  authorize(ctx.actor, "company.update", company.id);
  const upload = await readUploadedFile(file, MAX_ASSET_BYTES);
  const name = upload.name;
  let data = upload.data;
  const contentType = sniffImageType(data);
  if (!contentType) {
    throw new AppError("unsupported_media_type", "The file is not a PNG, JPEG, WebP, GIF or SVG image");
  }
  if (contentType === "image/svg+xml") data = Buffer.from(sanitizeSvg(data.toString("utf8")), "utf8");
  const actor = ctx.actor;
  const assetId = await inTx(ctx, async (tx) => {
    const id = await insertAsset(tx, actor, company.id, { data, contentType, name });
    await recordActivity(tx, actor, {
      companyId: company.id, action: "asset.uploaded", entityType: "asset", entityId: id, details: { contentType, byteSize: data.length },
    });
    return id;
  });
  return { assetId };
}

export async function getAsset(ctx: ServiceContext, assetId: string) {
  const asset = await ctx.db.asset.findFirst({ where: { id: assetId, ...companyScope(ctx.actor) } });
  if (!asset) throw notFound("Asset");
  authorize(ctx.actor, "asset.read", asset.companyId);
  return asset;
}
