// The org chart as a file: a standalone SVG drawn from the same layout as the screen (boxes, names,
// titles, status, connectors, in the colours of the theme being shown), and a PNG rendered from
// that SVG on a canvas. Everything collapsed on screen stays collapsed in the file.
import { roleLabel, statusLabels } from "@/lib/format";
import type { OrgLayout } from "@/components/org/org-layout";

export interface OrgColours {
  background: string;
  card: string;
  border: string;
  ceoBorder: string;
  text: string;
  muted: string;
  line: string;
}

export const statusColours: Record<string, string> = {
  idle: "#16a34a", running: "#2563eb", paused: "#d97706", error: "#dc2626", pending_approval: "#7c3aed", terminated: "#64748b",
};

const PAD = 24;

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/** Cut to what fits the card (no text measuring in a file: about 7 px per character at 13 px). */
function fit(text: string, px: number, size: number): string {
  const max = Math.floor(px / (size * 0.55));
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1)).trimEnd()}…`;
}

export function orgSvg(layout: OrgLayout, colours: OrgColours, title: string): string {
  const w = Math.ceil(layout.width + PAD * 2);
  const h = Math.ceil(layout.height + PAD * 2);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="100%" height="100%" fill="${colours.background}"/>`,
    `<g transform="translate(${PAD} ${PAD})">`,
    `<g fill="none" stroke="${colours.line}" stroke-width="1.5">${layout.edges.map((d) => `<path d="${d}"/>`).join("")}</g>`,
  ];
  for (const b of layout.boxes) {
    const n = b.node;
    const textX = b.x + 12;
    const sub = n.title || roleLabel(n.role);
    const status = statusLabels[n.status] ?? n.status;
    const more = b.collapsed ? ` · ${b.descendants} hidden` : "";
    out.push(
      `<g data-agent="${escapeXml(n.urlKey)}">`,
      `<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" rx="8" fill="${colours.card}" stroke="${n.role === "ceo" ? colours.ceoBorder : colours.border}"/>`,
      `<circle cx="${b.x + b.w - 14}" cy="${b.y + 14}" r="4" fill="${statusColours[n.status] ?? colours.muted}"><title>${escapeXml(status)}</title></circle>`,
      `<text x="${textX}" y="${b.y + 19}" font-size="13" font-weight="600" fill="${colours.text}">${escapeXml(fit(n.name, b.w - 36, 13))}</text>`,
      `<text x="${textX}" y="${b.y + 35}" font-size="11" fill="${colours.muted}">${escapeXml(fit(sub, b.w - 24, 11))}</text>`,
    );
    if (!b.compact) out.push(`<text x="${textX}" y="${b.y + 52}" font-size="11" fill="${colours.muted}">${escapeXml(status + more)}</text>`);
    out.push("</g>");
  }
  out.push("</g></svg>");
  return out.join("");
}

/** Longest side and area a canvas may have in common browsers, with a margin. */
const MAX_SIDE = 16_000;
const MAX_AREA = 100_000_000;

export function pngScale(width: number, height: number, wanted = 2): number {
  return Math.max(0.1, Math.min(wanted, MAX_SIDE / width, MAX_SIDE / height, Math.sqrt(MAX_AREA / (width * height))));
}

/** Renders the SVG text on a canvas, at twice its size where the canvas allows. */
export async function svgToPng(svg: string, width: number, height: number): Promise<Blob> {
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await img.decode();
  const scale = pngScale(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("This browser cannot draw on a canvas");
  ctx.scale(scale, scale);
  ctx.drawImage(img, 0, 0, width, height);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("The PNG could not be made"))), "image/png"));
}

/** The SVG's pixel size for a layout (the PNG is drawn at this size times its scale). */
export const svgSize = (layout: OrgLayout) => ({ width: Math.ceil(layout.width + PAD * 2), height: Math.ceil(layout.height + PAD * 2) });
