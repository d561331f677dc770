"use client";

import Link from "next/link";
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { OrgNode } from "@/lib/dto/agents";
import { roleLabel, statusLabels } from "@/lib/format";
import { cn } from "@/lib/cn";
import { Button } from "@/components/ui/button";
import { AgentAvatar } from "@/components/agents/agent-icon";
import { layoutOrg, type OrgBox } from "@/components/org/org-layout";
import { CannotRun } from "@/components/agents/readiness";
import { orgSvg, statusColours, svgSize, svgToPng, type OrgColours } from "@/components/org/org-export";
import { download } from "@/components/ui/download";
import { usePanZoom } from "@/components/org/use-pan-zoom";

/**
 * Below this zoom the chart is an overview: its boxes hold text only (no links or buttons, which
 * would be smaller than a finger or the 24 px a target needs), and a click on a box zooms to it.
 */
const READABLE_ZOOM = 0.75;

/**
 * The reporting tree drawn as boxes and connectors on a canvas that zooms (buttons, wheel, pinch,
 * + and −) and pans (drag, arrows). Each manager's box has a button that collapses its subtree.
 * The boxes are nested lists in document order, so Tab walks the tree top-down and a screen reader
 * hears the levels; the layout itself is numbers (org-layout.ts), shared with the SVG/PNG export.
 */
export function OrgChart({ roots, prefix, companyName }: { roots: OrgNode[]; prefix: string; companyName: string }) {
  const viewport = useRef<HTMLDivElement>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const layout = useMemo(() => layoutOrg(roots, collapsed), [roots, collapsed]);
  const boxes = useMemo(() => new Map(layout.boxes.map((b) => [b.node.id, b])), [layout]);
  // the viewport is as tall as the whole tree needs (up to most of the screen), collapsed or not
  const fullHeight = useMemo(() => layoutOrg(roots, new Set()).height, [roots]);
  const { view, fit, zoomBy, zoomTo, reveal, handlers } = usePanZoom(viewport, layout);
  const interactive = view.k >= READABLE_ZOOM;
  const [exportError, setExportError] = useState<string | null>(null);

  // fitted on first paint; later changes (collapse, live updates) keep the view the user chose
  const fitted = useRef(false);
  useLayoutEffect(() => {
    if (fitted.current) return;
    fitted.current = true;
    fit();
  }, [fit]);

  const toggle = (id: string) => setCollapsed((c) => {
    const next = new Set(c);
    if (!next.delete(id)) next.add(id);
    return next;
  });
  const managers = layout.boxes.filter((b) => b.node.reports.length > 0);

  async function exportAs(kind: "svg" | "png") {
    setExportError(null);
    const svg = orgSvg(layout, chartColours(viewport.current), `${companyName} org chart`);
    const name = `${prefix.toLowerCase()}-org-chart.${kind}`;
    try {
      if (kind === "svg") return download(new Blob([svg], { type: "image/svg+xml" }), name);
      const { width, height } = svgSize(layout);
      download(await svgToPng(svg, width, height), name);
    } catch (err) {
      setExportError(`The ${kind.toUpperCase()} could not be made: ${(err as Error).message}`);
    }
  }

  return (
    <div className="org-chart overflow-hidden rounded-lg border border-line">
      <div role="toolbar" aria-label="Org chart view" className="flex flex-wrap items-center gap-1.5 border-b border-line bg-surface px-3 py-2">
        <ToolButton label="Zoom out" onClick={() => zoomBy(0.8)}>−</ToolButton>
        <span className="w-12 text-center text-xs tabular-nums text-fg-muted" data-testid="org-zoom">{Math.round(view.k * 100)}%</span>
        <ToolButton label="Zoom in" onClick={() => zoomBy(1.25)}>+</ToolButton>
        <Button size="sm" variant="ghost" onClick={fit}>Fit</Button>
        {!interactive && <span className="px-1 text-xs text-fg-muted" data-testid="org-overview-hint">Overview: click a box or zoom in to open agents and fold teams</span>}
        <span className="mx-1 h-5 w-px bg-line" aria-hidden="true" />
        <Button size="sm" variant="ghost" onClick={() => setCollapsed(new Set(managers.filter((b) => b.depth > 1 || roots.length > 1).map((b) => b.node.id)))} disabled={managers.length === 0}>Collapse all</Button>
        <Button size="sm" variant="ghost" onClick={() => setCollapsed(new Set())} disabled={collapsed.size === 0}>Expand all</Button>
        <span className="ml-auto flex gap-1.5">
          <Button size="sm" onClick={() => exportAs("svg")}>Export SVG</Button>
          <Button size="sm" onClick={() => exportAs("png")}>Export PNG</Button>
        </span>
      </div>
      {exportError && <p role="alert" className="border-b border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{exportError}</p>}
      <div
        ref={viewport}
        tabIndex={0}
        role="region"
        aria-label="Org chart: drag or use the arrow keys to pan; the wheel, a pinch or + and − to zoom (agents open and teams fold from 75%); 0 to fit"
        data-testid="org-viewport"
        // the server draws the chart at 100% before the browser fits it: journeys wait for the fitted view
        data-view={interactive ? "interactive" : "overview"}
        style={{ height: `min(70vh, 48rem, max(20rem, ${Math.ceil(fullHeight) + 96}px))` }}
        className="org-canvas relative cursor-grab touch-none select-none overflow-hidden outline-none active:cursor-grabbing focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-focus"
        {...handlers}
      >
        <div
          className="absolute left-0 top-0 origin-top-left will-change-transform"
          style={{ width: layout.width, height: layout.height, transform: `translate(${view.x}px, ${view.y}px) scale(${view.k})` }}
          data-testid="org-canvas"
        >
          <svg className="org-lines pointer-events-none absolute inset-0 overflow-visible" width={layout.width} height={layout.height} aria-hidden="true">
            {layout.edges.map((d, i) => <path key={i} d={d} fill="none" strokeWidth={1.5} />)}
          </svg>
          <ul aria-label="Reporting lines">
            {roots.map((n) => <Branch key={n.id} node={n} boxes={boxes} cards={{ prefix, interactive, onToggle: toggle, onFocusBox: reveal, onZoomTo: zoomTo }} />)}
          </ul>
        </div>
      </div>
    </div>
  );
}

interface CardActions {
  prefix: string;
  /** false in the overview: text only */
  interactive: boolean;
  onToggle: (id: string) => void;
  onFocusBox: (b: OrgBox) => void;
  onZoomTo: (b: OrgBox) => void;
}

function Branch({ node, boxes, cards }: { node: OrgNode; boxes: Map<string, OrgBox>; cards: CardActions }) {
  const box = boxes.get(node.id)!;
  const showReports = node.reports.length > 0 && !box.collapsed;
  return (
    <li>
      <NodeCard box={box} cards={cards} />
      {showReports && (
        <ul aria-label={`${node.name}'s reports`}>
          {node.reports.map((r) => <Branch key={r.id} node={r} boxes={boxes} cards={cards} />)}
        </ul>
      )}
    </li>
  );
}

function NodeCard({ box, cards }: { box: OrgBox; cards: CardActions }) {
  const { node, compact } = box;
  const status = statusLabels[node.status] ?? node.status;
  const text = (
    <>
      <span className="org-name block truncate text-sm font-medium">{node.name}</span>
      {/* a compact card has two lines: its second says why it cannot run, when it cannot */}
      {compact && !node.readiness.ok ? <CannotRun readiness={node.readiness} /> : (
        <span className="org-muted block truncate text-xs">{node.title || roleLabel(node.role)}{compact ? ` · ${status}` : ""}</span>
      )}
      {!compact && (
        <span className="org-muted flex min-w-0 items-center gap-1.5 text-xs">
          <span className="size-1.5 shrink-0 rounded-full" style={{ backgroundColor: statusColours[node.status] }} aria-hidden="true" />
          <span className="shrink-0">{status}</span>
          {!node.readiness.ok && <CannotRun readiness={node.readiness} className="min-w-0" />}
        </span>
      )}
    </>
  );
  const teamLabel = `${box.descendants} ${box.descendants === 1 ? "agent" : "agents"}`;
  return (
    <div
      data-testid="org-node"
      data-agent={node.urlKey}
      data-depth={box.depth}
      onFocus={() => cards.onFocusBox(box)}
      onClick={cards.interactive ? undefined : () => cards.onZoomTo(box)}
      className={cn("org-card absolute flex items-center gap-2.5 rounded-lg border px-2.5 shadow-xs", node.role === "ceo" && "org-card-ceo", !cards.interactive && "cursor-zoom-in")}
      style={{ left: box.x, top: box.y, width: box.w, height: box.h }}
    >
      <AgentAvatar icon={node.icon} role={node.role} size={compact ? "xs" : "sm"} />
      {cards.interactive ? (
        <Link href={`/${cards.prefix}/agents/${node.urlKey}`} draggable={false} className="org-card-link min-w-0 flex-1 rounded outline-none after:absolute after:inset-0 after:content-[''] focus-visible:after:rounded-lg focus-visible:after:ring-2 focus-visible:after:ring-focus">
          {text}
        </Link>
      ) : (
        <span className="min-w-0 flex-1">{text}</span>
      )}
      {node.reports.length > 0 && cards.interactive && (
        <button
          type="button"
          onClick={() => cards.onToggle(node.id)}
          aria-expanded={!box.collapsed}
          aria-label={`${box.collapsed ? "Expand" : "Collapse"} ${node.name}'s team (${teamLabel})`}
          data-testid="org-toggle"
          className="org-toggle relative z-10 flex h-8 min-w-8 shrink-0 items-center justify-center rounded-md border px-1 text-xs font-medium tabular-nums"
        >
          {box.collapsed ? `+${box.descendants}` : "−"}
        </button>
      )}
      {box.collapsed && !cards.interactive && <span className="org-muted shrink-0 text-xs tabular-nums">+{box.descendants}<span className="sr-only"> hidden ({teamLabel})</span></span>}
    </div>
  );
}

function ToolButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" onClick={onClick} aria-label={label} title={label} className="flex size-8 items-center justify-center rounded-md border border-line bg-surface text-base text-fg hover:bg-surface-muted">
      {children}
    </button>
  );
}

/** The colours the chart is drawn in right now (light or dark), as hex for any SVG reader. */
function chartColours(el: HTMLElement | null): OrgColours {
  const css = el ? getComputedStyle(el) : null;
  const v = (name: string, fallback: string) => toHex(css?.getPropertyValue(name).trim() || fallback);
  return {
    background: v("--org-bg", "#f8fafc"),
    card: v("--org-card", "#ffffff"),
    border: v("--org-border", "#cbd5e1"),
    ceoBorder: v("--org-ceo", "#f59e0b"),
    text: v("--org-text", "#0f172a"),
    muted: v("--org-muted", "#475569"),
    line: v("--org-line", "#94a3b8"),
  };
}

/** Any CSS colour (the theme's are oklch) as #rrggbb, by painting one pixel. */
function toHex(colour: string): string {
  const ctx = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
  if (!ctx) return colour;
  ctx.fillStyle = colour;
  ctx.fillRect(0, 0, 1, 1);
  const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}
