// Where each box of the org chart goes, as numbers: the screen (HTML boxes over SVG lines) and the
// SVG/PNG export draw the same layout. A manager's reports sit side by side under it; a team made
// only of individual contributors is stacked in columns instead (about as tall as wide), so a manager of 30 does not make
// the chart 30 boxes wide. A collapsed manager keeps its box and hides everything below.
import type { OrgNode } from "@/lib/dto/agents";

export const CARD_W = 216;
export const CARD_H = 64;
export const COMPACT_H = 44;
const H_GAP = 24;
const V_GAP = 48;
const ROOT_GAP = 56;
/** teams this large, all individual contributors, are stacked */
const STACK_FROM = 3;
const STACK_INDENT = 20;
const STACK_ROW_GAP = 8;
const STACK_COL_GAP = 16;

export interface OrgBox {
  node: OrgNode;
  x: number;
  y: number;
  w: number;
  h: number;
  compact: boolean;
  depth: number;
  /** everyone below, collapsed or not */
  descendants: number;
  collapsed: boolean;
}

export interface OrgLayout {
  boxes: OrgBox[];
  /** connector paths (SVG path data), one per reporting line shown */
  edges: string[];
  width: number;
  height: number;
}

const stacked = (n: OrgNode) => n.reports.length >= STACK_FROM && n.reports.every((r) => r.reports.length === 0);

/** Columns for a stacked team: about as tall as wide, so a big team does not stretch the chart. */
function stackShape(count: number) {
  const cols = Math.max(1, Math.round(Math.sqrt((count * (COMPACT_H + STACK_ROW_GAP)) / (STACK_INDENT + CARD_W + STACK_COL_GAP))));
  const rows = Math.ceil(count / cols);
  return { cols, rows, width: cols * (STACK_INDENT + CARD_W) + (cols - 1) * STACK_COL_GAP };
}

function countDescendants(n: OrgNode): number {
  return n.reports.reduce((sum, r) => sum + 1 + countDescendants(r), 0);
}

export function layoutOrg(roots: OrgNode[], collapsed: ReadonlySet<string>): OrgLayout {
  const boxes: OrgBox[] = [];
  const edges: string[] = [];
  const widths = new Map<string, number>();
  let bottom = 0;

  const open = (n: OrgNode) => n.reports.length > 0 && !collapsed.has(n.id);
  const measure = (n: OrgNode): number => {
    let w = CARD_W;
    if (open(n)) {
      w = stacked(n) ? Math.max(w, stackShape(n.reports.length).width) : Math.max(w, n.reports.reduce((s, r) => s + measure(r), 0) + H_GAP * (n.reports.length - 1));
    }
    widths.set(n.id, w);
    return w;
  };

  const add = (node: OrgNode, x: number, y: number, depth: number, compact: boolean) => {
    const h = compact ? COMPACT_H : CARD_H;
    boxes.push({ node, x, y, w: CARD_W, h, compact, depth, descendants: countDescendants(node), collapsed: node.reports.length > 0 && collapsed.has(node.id) });
    bottom = Math.max(bottom, y + h);
  };

  const place = (n: OrgNode, left: number, y: number, depth: number) => {
    const span = widths.get(n.id)!;
    const x = left + (span - CARD_W) / 2;
    add(n, x, y, depth, false);
    if (!open(n)) return;
    const px = x + CARD_W / 2;
    const barY = y + CARD_H + V_GAP / 2;
    const top = y + CARD_H + V_GAP;
    if (stacked(n)) return placeStack(n, left + (span - stackShape(n.reports.length).width) / 2, px, y + CARD_H, barY, top, depth + 1);
    let cursor = left + (span - (n.reports.reduce((s, r) => s + widths.get(r.id)!, 0) + H_GAP * (n.reports.length - 1))) / 2;
    for (const r of n.reports) {
      const w = widths.get(r.id)!;
      const cx = cursor + w / 2;
      edges.push(`M${px} ${y + CARD_H}V${barY}H${cx}V${top}`);
      place(r, cursor, top, depth + 1);
      cursor += w + H_GAP;
    }
  };

  const placeStack = (n: OrgNode, left: number, px: number, parentBottom: number, barY: number, top: number, depth: number) => {
    const { rows } = stackShape(n.reports.length);
    n.reports.forEach((r, i) => {
      const col = Math.floor(i / rows);
      const row = i % rows;
      const colLeft = left + col * (STACK_INDENT + CARD_W + STACK_COL_GAP);
      const trunk = colLeft + STACK_INDENT / 2;
      const cy = top + row * (COMPACT_H + STACK_ROW_GAP);
      if (row === 0) edges.push(`M${px} ${parentBottom}V${barY}H${trunk}`);
      edges.push(`M${trunk} ${row === 0 ? barY : cy - STACK_ROW_GAP - COMPACT_H / 2}V${cy + COMPACT_H / 2}H${colLeft + STACK_INDENT}`);
      add(r, colLeft + STACK_INDENT, cy, depth, true);
    });
  };

  let left = 0;
  for (const root of roots) {
    const w = measure(root);
    place(root, left, 0, 1);
    left += w + ROOT_GAP;
  }
  return { boxes, edges, width: Math.max(0, left - ROOT_GAP), height: bottom };
}
