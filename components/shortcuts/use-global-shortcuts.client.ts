"use client";

import { useEffect, useRef } from "react";
import { goTargets, isPaletteKey, SEQUENCE_MS, singleKeyAllowed, stepIndex, type GoKey } from "@/components/shortcuts/keymap";

export interface ShortcutActions {
  togglePalette: () => void;
  openHelp: () => void;
  newIssue: () => void;
  go: (path: string) => void;
}

/** One listener on the document for the whole board: the palette key, `?`, `c`, `/`, `g …`, `j`/`k`. */
export function useGlobalShortcuts(actions: ShortcutActions) {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });

  useEffect(() => {
    let pendingG = 0;
    const onKey = (e: KeyboardEvent) => {
      const act = latest.current;
      if (isPaletteKey(e)) {
        // works from a field too (that is where people are when they want it), not over another modal
        const paletteOpen = document.querySelector("[data-command-palette][open]");
        if (!paletteOpen && document.querySelector("dialog[open]")) return;
        e.preventDefault();
        act.togglePalette();
        return;
      }
      if (!singleKeyAllowed(e, document)) return;
      const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
      if (pendingG && Date.now() - pendingG < SEQUENCE_MS) {
        pendingG = 0;
        if (key in goTargets) {
          e.preventDefault();
          act.go(goTargets[key as GoKey].path);
        }
        return;
      }
      pendingG = 0;
      if (e.key === "?") act.openHelp();
      else if (key === "g") pendingG = Date.now();
      else if (key === "c") act.newIssue();
      else if (key === "/") focusSearch(act.togglePalette);
      else if (key === "j" || key === "k") {
        if (!moveInList(key === "j" ? 1 : -1)) return;
      } else return;
      e.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    // tells journeys (and anyone curious) that the keys answer from here on
    document.documentElement.dataset.shortcuts = "on";
    return () => {
      document.removeEventListener("keydown", onKey);
      delete document.documentElement.dataset.shortcuts;
    };
  }, []);
}

const visible = (el: HTMLElement) => el.getClientRects().length > 0;

/** The page's own search field, or the palette when the page has none. */
function focusSearch(openPalette: () => void) {
  const field = [...document.querySelectorAll<HTMLInputElement>("main input[type='search']")].find(visible);
  if (field) {
    field.focus();
    field.select();
  } else openPalette();
}

/**
 * Moves the selection of the page's list (an element marked data-keynav-list, its rows
 * data-keynav-item): the selection is the focus on the row's first link, so Enter opens it and the
 * row shows as selected (globals.css). Returns false when the page has no such list.
 */
function moveInList(delta: number): boolean {
  const lists = [...document.querySelectorAll<HTMLElement>("[data-keynav-list]")].filter(visible);
  if (lists.length === 0) return false;
  const active = document.activeElement;
  const list = lists.find((l) => l.contains(active)) ?? lists[0];
  const rows = [...list.querySelectorAll<HTMLElement>("[data-keynav-item]")].filter(visible);
  const next = rows[stepIndex(rows.findIndex((r) => r.contains(active)), rows.length, delta)];
  const target = next?.querySelector<HTMLElement>("a[href]") ?? next;
  if (!target) return false;
  target.focus({ preventScroll: true });
  next.scrollIntoView({ block: "nearest" });
  return true;
}
