// Files stored in the database (DESIGN §10): checked by content, not by the name or the declared
// type; SVG only after sanitising; at most 2 MiB.
import { createHash } from "node:crypto";
import { AppError, notFound } from "@/lib/http/errors";
import { companyScope } from "@/lib/auth/permissions";
import { authorize } from "@/lib/auth/permissions";
import { inTx, type ServiceContext } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { getCompanyOrThrow } from "@/lib/services/companies";

export const MAX_ASSET_BYTES = 2 * 1024 * 1024;

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

export async function uploadCompanyLogo(ctx: ServiceContext, companyRef: string, file: FormDataEntryValue | null) {
  const company = await getCompanyOrThrow(ctx, companyRef, "company.read");
  authorize(ctx.actor, "company.update", company.id);
  if (!file || typeof file === "string") {
    throw new AppError("validation_error", "Send the image as a multipart part named file", [{ path: "file", message: "required" }]);
  }
  if (file.size > MAX_ASSET_BYTES) throw new AppError("payload_too_large", "The file is larger than 2 MiB");
  let data = Buffer.from(await file.arrayBuffer());
  const contentType = sniffImageType(data);
  if (!contentType) {
    throw new AppError("unsupported_media_type", "The file is not a PNG, JPEG, WebP, GIF or SVG image");
  }
  if (contentType === "image/svg+xml") data = Buffer.from(sanitizeSvg(data.toString("utf8")), "utf8");
  const actor = ctx.actor;
  const asset = await inTx(ctx, async (tx) => {
    const row = await tx.asset.create({
      data: {
        companyId: company.id, contentType, byteSize: data.length, data: new Uint8Array(data),
        sha256: createHash("sha256").update(data).digest("hex"), originalName: (file.name ?? "").replaceAll("\u0000", "").slice(0, 200),
        createdByUserId: actor.kind === "board" ? actor.userId : null,
        createdByAgentId: actor.kind === "agent" ? actor.agentId : null,
      },
      select: { id: true },
    });
    await recordActivity(tx, actor, {
      companyId: company.id, action: "asset.uploaded", entityType: "asset", entityId: row.id, details: { contentType, byteSize: data.length },
    });
    return row;
  });
  return { assetId: asset.id };
}

export async function getAsset(ctx: ServiceContext, assetId: string) {
  const asset = await ctx.db.asset.findFirst({ where: { id: assetId, ...companyScope(ctx.actor) } });
  if (!asset) throw notFound("Asset");
  authorize(ctx.actor, "asset.read", asset.companyId);
  return asset;
}
