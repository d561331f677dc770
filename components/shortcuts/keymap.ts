// The board's keyboard, in one place: which keys do what (the `?` dialog lists this table), when a
// single-key shortcut may fire at all, the `g` sequences, and the kanban card's own keys. Plain
// functions of keys and DOM nodes, so the rules are tested without a browser.

export type ShortcutGroup = "General" | "Go to" | "Lists" | "Kanban card" | "Org chart";

export interface ShortcutDoc {
  /** keys pressed one after the other; "Mod" reads ⌘ on a Mac and Ctrl elsewhere */
  keys: string[];
  label: string;
  group: ShortcutGroup;
}

/** `g` then one of these: the page it goes to, under the company's prefix. */
export const goTargets = {
  i: { path: "issues", label: "Issues" },
  b: { path: "issues?view=board", label: "Board" },
  a: { path: "agents", label: "Agents" },
  o: { path: "org", label: "Org chart" },
  p: { path: "approvals", label: "Approvals" },
  d: { path: "dashboard", label: "Dashboard" },
} as const;

export type GoKey = keyof typeof goTargets;

/** How long after `g` the second key still counts. */
export const SEQUENCE_MS = 1500;

export const shortcutDocs: ShortcutDoc[] = [
  { keys: ["Mod", "K"], label: "Open the command palette", group: "General" },
  { keys: ["?"], label: "Show these shortcuts", group: "General" },
  { keys: ["C"], label: "New issue", group: "General" },
  { keys: ["/"], label: "Search on this page (the palette where there is none)", group: "General" },
  { keys: ["Esc"], label: "Close a dialog or the palette", group: "General" },
  ...Object.entries(goTargets).map(([key, t]): ShortcutDoc => ({ keys: ["G", key.toUpperCase()], label: t.label, group: "Go to" })),
  { keys: ["J"], label: "Next row (issues, agents, inbox, approvals)", group: "Lists" },
  { keys: ["K"], label: "Previous row", group: "Lists" },
  { keys: ["Enter"], label: "Open the selected row", group: "Lists" },
  { keys: ["Space"], label: "Pick up the focused card, or drop it", group: "Kanban card" },
  { keys: ["←", "→"], label: "Choose the column for a picked-up card", group: "Kanban card" },
  { keys: ["Esc"], label: "Put the card back where it was", group: "Kanban card" },
  { keys: ["+", "−"], label: "Zoom in and out", group: "Org chart" },
  { keys: ["0"], label: "Fit the chart to the view", group: "Org chart" },
  { keys: ["Arrows"], label: "Pan the chart (when it has the focus)", group: "Org chart" },
];

/** A key that types: inputs (but not buttons, checkboxes…), text areas, selects, editable content. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== "function") return false;
  const el = target as HTMLElement;
  if (el.isContentEditable || el.closest("[contenteditable]:not([contenteditable='false'])")) return true;
  const tag = el.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag !== "INPUT") return false;
  const type = (el as HTMLInputElement).type;
  return !["button", "checkbox", "radio", "submit", "reset", "range", "color", "file", "image"].includes(type);
}

/**
 * A modal is showing (a native dialog, or anything marked as modal): single keys stay off. A closed
 * native dialog is no modal even while it still carries aria-modal: React drops the attribute on its
 * next render, which can come after the next key press (c right after Escape closed the help).
 */
function modalOpen(doc: Document): boolean {
  return doc.querySelector("dialog[open], [aria-modal='true']:not(dialog:not([open]))") !== null;
}

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  target: EventTarget | null;
  isComposing?: boolean;
}

/** Whether a single-key shortcut may act on this key press (Shift is allowed: "?" needs it). */
export function singleKeyAllowed(e: KeyLike, doc: Document): boolean {
  if (e.defaultPrevented || e.isComposing) return false;
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  if (isTypingTarget(e.target)) return false;
  return !modalOpen(doc);
}

/** ⌘K on a Mac, Ctrl+K elsewhere (either is accepted everywhere: keyboards travel). */
export const isPaletteKey = (e: KeyLike) => (e.metaKey || e.ctrlKey) && !e.altKey && e.key.toLowerCase() === "k";

type BoardKey = "pick" | "previous" | "next" | "cancel";

/** The kanban card's keys: Space (or Enter) picks up and drops, the arrows choose, Escape cancels. */
export function boardKey(key: string): BoardKey | null {
  if (key === " " || key === "Enter") return "pick";
  if (key === "ArrowLeft") return "previous";
  if (key === "ArrowRight") return "next";
  if (key === "Escape") return "cancel";
  return null;
}

/** The row `delta` away from `current` (-1: none selected yet), kept inside the list. */
export function stepIndex(current: number, count: number, delta: number): number {
  if (count === 0) return -1;
  if (current < 0) return delta > 0 ? 0 : count - 1;
  return Math.min(Math.max(current + delta, 0), count - 1);
}
