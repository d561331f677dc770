import { describe, expect, it } from "vitest";
import type { OrgNode } from "@/lib/dto/agents";
import { CARD_H, CARD_W, COMPACT_H, layoutOrg } from "@/components/org/org-layout";
import { orgSvg, pngScale } from "@/components/org/org-export";
import { fitView, zoomAt } from "@/components/org/use-pan-zoom";

let n = 0;
const node = (name: string, reports: OrgNode[] = [], role = "engineer"): OrgNode => ({
  id: `id-${++n}`, name, urlKey: name.toLowerCase().replace(/\W+/g, "-"), role, title: `${name} title`, icon: null, status: "idle", readiness: { ok: true, reason: null }, reports,
});
const colours = { background: "#fff", card: "#fff", border: "#ccc", ceoBorder: "#fa0", text: "#000", muted: "#555", line: "#999" };
const overlaps = (a: { x: number; y: number; w: number; h: number }, b: typeof a) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe("layoutOrg", () => {
  it("puts a manager above its reports, centred, with one connector per report", () => {
    const tree = [node("Chief", [node("Ann", [node("X")]), node("Bob", [node("Y")])], "ceo")];
    const { boxes, edges, width, height } = layoutOrg(tree, new Set());
    const at = (name: string) => boxes.find((b) => b.node.name === name)!;
    expect(boxes).toHaveLength(5);
    expect(at("Ann").y).toBeGreaterThan(at("Chief").y + CARD_H);
    expect(at("Chief").x + CARD_W / 2).toBeCloseTo((at("Ann").x + at("Bob").x + CARD_W) / 2);
    expect(edges).toHaveLength(4);
    expect(width).toBeGreaterThanOrEqual(2 * CARD_W);
    expect(height).toBe(at("X").y + CARD_H);
  });

  it("stacks a large team of individual contributors in a few columns, without overlaps", () => {
    const team = Array.from({ length: 30 }, (_, i) => node(`IC ${i}`));
    const { boxes, width } = layoutOrg([node("Lead", team, "manager")], new Set());
    const ics = boxes.filter((b) => b.node.name.startsWith("IC"));
    expect(ics.every((b) => b.compact && b.h === COMPACT_H)).toBe(true);
    expect(new Set(ics.map((b) => b.x)).size).toBe(2);
    expect(width).toBeLessThan(3 * (CARD_W + 40));
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i], boxes[j])).toBe(false);
  });

  it("hides a collapsed subtree but keeps its box, with the number hidden", () => {
    const lead = node("Lead", [node("A", [node("A1"), node("A2")]), node("B")], "manager");
    const { boxes } = layoutOrg([lead], new Set([lead.reports[0].id]));
    expect(boxes.map((b) => b.node.name)).toEqual(["Lead", "A", "B"]);
    expect(boxes[1]).toMatchObject({ collapsed: true, descendants: 2 });
  });

  it("lays 150 agents out without overlaps, quickly", () => {
    const managers = Array.from({ length: 6 }, (_, m) => node(`M${m}`, Array.from({ length: 24 }, (_, i) => node(`E${m}-${i}`))));
    const tree = [node("CEO", [node("D1", managers.slice(0, 3)), node("D2", managers.slice(3))], "ceo")];
    const started = performance.now();
    const { boxes } = layoutOrg(tree, new Set());
    expect(performance.now() - started).toBeLessThan(200);
    expect(boxes).toHaveLength(1 + 2 + 6 + 144);
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i], boxes[j])).toBe(false);
  });

  it("is empty for no agents", () => {
    expect(layoutOrg([], new Set())).toEqual({ boxes: [], edges: [], width: 0, height: 0 });
  });
});

describe("orgSvg", () => {
  it("names every agent shown, escapes text, and sizes itself to the layout", () => {
    const tree = [node("Chief <&> Co", [node("Grace")], "ceo")];
    const layout = layoutOrg(tree, new Set());
    const svg = orgSvg(layout, colours, "Acme org chart");
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="\d+" height="\d+"/);
    expect(svg).toContain("Chief &lt;&amp;&gt; Co");
    expect(svg).toContain(">Grace<");
    expect(svg.match(/<path /g)).toHaveLength(1);
  });
});

describe("view maths", () => {
  it("fits content into the viewport, never above 100%", () => {
    expect(fitView(1000, 600, 400, 200)).toMatchObject({ k: 1 });
    const big = fitView(1000, 600, 4000, 1000);
    expect(big.k).toBeCloseTo((1000 - 64) / 4000);
    expect(big.x).toBeCloseTo((1000 - 4000 * big.k) / 2);
  });

  it("zooms around the pointer: the point under it stays put", () => {
    const v = { x: 10, y: 20, k: 1 };
    const z = zoomAt(v, 1.5, 300, 200);
    expect((300 - z.x) / z.k).toBeCloseTo((300 - v.x) / v.k);
    expect((200 - z.y) / z.k).toBeCloseTo((200 - v.y) / v.k);
  });

  it("keeps a PNG of a huge chart inside what a canvas can hold", () => {
    expect(pngScale(1000, 800)).toBe(2);
    expect(pngScale(30_000, 2_000) * 30_000).toBeLessThanOrEqual(16_000);
  });
});
