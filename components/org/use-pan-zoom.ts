"use client";

// Pan and zoom of a canvas inside a viewport: the wheel (and a trackpad's pinch, which Chromium
// sends as a wheel with Ctrl) zooms around the pointer, one pointer drags, two pointers pinch, and
// the keys pan and zoom when the viewport itself has the focus. A drag never counts as a click.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from "react";

interface View { x: number; y: number; k: number }

const MIN_ZOOM = 0.15;
const MAX_ZOOM = 2;
const PAD = 32;
const DRAG_THRESHOLD = 4;
const KEY_PAN = 60;

const clampK = (k: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k));

/** The view that shows the whole content (never above 100%), centred. */
export function fitView(vw: number, vh: number, cw: number, ch: number): View {
  if (cw <= 0 || ch <= 0) return { x: PAD, y: PAD, k: 1 };
  const k = clampK(Math.min(1, (vw - PAD * 2) / cw, (vh - PAD * 2) / ch));
  return { k, x: (vw - cw * k) / 2, y: Math.max(PAD, (vh - ch * k) / 2) };
}

/** Zoom to `k` keeping the point (px, py) of the viewport where it is. */
export function zoomAt(v: View, k: number, px: number, py: number): View {
  const next = clampK(k);
  return { k: next, x: px - ((px - v.x) * next) / v.k, y: py - ((py - v.y) * next) / v.k };
}

export function usePanZoom(viewport: RefObject<HTMLDivElement | null>, content: { width: number; height: number }) {
  const [view, setView] = useState<View>({ x: PAD, y: PAD, k: 1 });
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ moved: boolean; startX: number; startY: number; dist: number }>({ moved: false, startX: 0, startY: 0, dist: 0 });

  const fit = useCallback(() => {
    const el = viewport.current;
    if (el) setView(fitView(el.clientWidth, el.clientHeight, content.width, content.height));
  }, [viewport, content.width, content.height]);

  const zoomBy = useCallback((factor: number) => {
    const el = viewport.current;
    if (!el) return;
    setView((v) => zoomAt(v, v.k * factor, el.clientWidth / 2, el.clientHeight / 2));
  }, [viewport]);

  // wheel needs a non-passive listener to keep the page from scrolling while zooming
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      const factor = Math.exp(-e.deltaY * (e.ctrlKey ? 0.01 : 0.0015));
      setView((v) => zoomAt(v, v.k * factor, e.clientX - rect.left, e.clientY - rect.top));
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, [viewport]);

  const handlers = {
    onPointerDown: (e: React.PointerEvent<HTMLDivElement>) => {
      if (e.button !== 0) return;
      pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
      gesture.current = { moved: false, startX: e.clientX, startY: e.clientY, dist: pinchDistance(pointers.current) };
    },
    onPointerMove: (e: React.PointerEvent<HTMLDivElement>) => {
      const last = pointers.current.get(e.pointerId);
      if (!last) return;
      const g = gesture.current;
      if (!g.moved && Math.hypot(e.clientX - g.startX, e.clientY - g.startY) < DRAG_THRESHOLD) return;
      if (!g.moved) {
        g.moved = true;
        e.currentTarget.setPointerCapture(e.pointerId);
      }
      pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pointers.current.size >= 2) {
        const dist = pinchDistance(pointers.current);
        const rect = e.currentTarget.getBoundingClientRect();
        const [a, b] = [...pointers.current.values()];
        if (g.dist > 0) setView((v) => zoomAt(v, (v.k * dist) / g.dist, (a.x + b.x) / 2 - rect.left, (a.y + b.y) / 2 - rect.top));
        g.dist = dist;
      } else {
        setView((v) => ({ ...v, x: v.x + e.clientX - last.x, y: v.y + e.clientY - last.y }));
      }
    },
    onPointerUp: (e: React.PointerEvent<HTMLDivElement>) => {
      pointers.current.delete(e.pointerId);
      gesture.current.dist = pinchDistance(pointers.current);
    },
    onPointerCancel: (e: React.PointerEvent<HTMLDivElement>) => {
      pointers.current.delete(e.pointerId);
    },
    // after a drag, the click that ends it must not open the box it ended on
    onClickCapture: (e: React.MouseEvent<HTMLDivElement>) => {
      if (!gesture.current.moved) return;
      gesture.current.moved = false;
      e.preventDefault();
      e.stopPropagation();
    },
    onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => {
      if (e.target !== e.currentTarget || e.ctrlKey || e.metaKey || e.altKey) return;
      const pan: Record<string, [number, number]> = { ArrowLeft: [KEY_PAN, 0], ArrowRight: [-KEY_PAN, 0], ArrowUp: [0, KEY_PAN], ArrowDown: [0, -KEY_PAN] };
      if (pan[e.key]) setView((v) => ({ ...v, x: v.x + pan[e.key][0], y: v.y + pan[e.key][1] }));
      else if (e.key === "+" || e.key === "=") zoomBy(1.25);
      else if (e.key === "-" || e.key === "_") zoomBy(0.8);
      else if (e.key === "0") fit();
      else return;
      e.preventDefault();
    },
  };

  /** Brings a box into the view (a box reached with Tab may be off screen). */
  const reveal = useCallback((box: { x: number; y: number; w: number; h: number }) => {
    const el = viewport.current;
    if (!el) return;
    setView((v) => {
      const left = v.x + box.x * v.k, top = v.y + box.y * v.k, right = left + box.w * v.k, bottom = top + box.h * v.k;
      const dx = left < PAD ? PAD - left : right > el.clientWidth - PAD ? el.clientWidth - PAD - right : 0;
      const dy = top < PAD ? PAD - top : bottom > el.clientHeight - PAD ? el.clientHeight - PAD - bottom : 0;
      return dx || dy ? { ...v, x: v.x + dx, y: v.y + dy } : v;
    });
  }, [viewport]);

  /** Centres a box at zoom `k` (a click on a box of the overview). */
  const zoomTo = useCallback((box: { x: number; y: number; w: number; h: number }, k = 1) => {
    const el = viewport.current;
    if (el) setView({ k, x: el.clientWidth / 2 - (box.x + box.w / 2) * k, y: el.clientHeight / 2 - (box.y + box.h / 2) * k });
  }, [viewport]);

  return { view, setView, fit, zoomBy, zoomTo, reveal, handlers };
}

function pinchDistance(points: Map<number, { x: number; y: number }>): number {
  if (points.size < 2) return 0;
  const [a, b] = [...points.values()];
  return Math.hypot(a.x - b.x, a.y - b.y);
}
