import { describe, expect, it } from "vitest";
import { boardKey, goTargets, isPaletteKey, isTypingTarget, shortcutDocs, singleKeyAllowed, stepIndex } from "@/components/shortcuts/keymap";

// just enough of an element for the rules (no DOM in these tests)
const el = (tagName: string, extra: Record<string, unknown> = {}) => ({ tagName, isContentEditable: false, closest: () => null, ...extra }) as unknown as EventTarget;
const doc = (modal: boolean) => ({ querySelector: () => (modal ? {} : null) }) as unknown as Document;
const key = (k: string, more: Partial<Parameters<typeof singleKeyAllowed>[0]> = {}) => ({
  key: k, ctrlKey: false, metaKey: false, altKey: false, defaultPrevented: false, target: el("BODY"), ...more,
});

describe("keymap", () => {
  it("treats text fields, text areas, selects and editable content as typing; buttons and checkboxes not", () => {
    expect(isTypingTarget(el("INPUT", { type: "text" }))).toBe(true);
    expect(isTypingTarget(el("INPUT", { type: "search" }))).toBe(true);
    expect(isTypingTarget(el("TEXTAREA"))).toBe(true);
    expect(isTypingTarget(el("SELECT"))).toBe(true);
    expect(isTypingTarget(el("DIV", { isContentEditable: true }))).toBe(true);
    expect(isTypingTarget(el("SPAN", { closest: () => ({}) }))).toBe(true);
    expect(isTypingTarget(el("INPUT", { type: "checkbox" }))).toBe(false);
    expect(isTypingTarget(el("BUTTON"))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it("lets single keys act only without Ctrl/⌘/Alt, outside fields and dialogs; Shift is fine (?)", () => {
    expect(singleKeyAllowed(key("c"), doc(false))).toBe(true);
    expect(singleKeyAllowed(key("?"), doc(false))).toBe(true);
    expect(singleKeyAllowed(key("c", { ctrlKey: true }), doc(false))).toBe(false);
    expect(singleKeyAllowed(key("c", { metaKey: true }), doc(false))).toBe(false);
    expect(singleKeyAllowed(key("c", { altKey: true }), doc(false))).toBe(false);
    expect(singleKeyAllowed(key("c", { target: el("TEXTAREA") }), doc(false))).toBe(false);
    expect(singleKeyAllowed(key("c"), doc(true))).toBe(false);
    expect(singleKeyAllowed(key("c", { defaultPrevented: true }), doc(false))).toBe(false);
  });

  it("opens the palette with ⌘K or Ctrl+K", () => {
    expect(isPaletteKey(key("k", { metaKey: true }))).toBe(true);
    expect(isPaletteKey(key("K", { ctrlKey: true }))).toBe(true);
    expect(isPaletteKey(key("k"))).toBe(false);
    expect(isPaletteKey(key("k", { ctrlKey: true, altKey: true }))).toBe(false);
  });

  it("maps the kanban card's keys", () => {
    expect([" ", "Enter", "ArrowLeft", "ArrowRight", "Escape", "x"].map(boardKey)).toEqual(["pick", "pick", "previous", "next", "cancel", null]);
  });

  it("steps through a list and stays inside it", () => {
    expect(stepIndex(-1, 5, 1)).toBe(0);
    expect(stepIndex(-1, 5, -1)).toBe(4);
    expect(stepIndex(4, 5, 1)).toBe(4);
    expect(stepIndex(0, 5, -1)).toBe(0);
    expect(stepIndex(2, 5, 1)).toBe(3);
    expect(stepIndex(-1, 0, 1)).toBe(-1);
  });

  it("documents every g target in the help table", () => {
    for (const k of Object.keys(goTargets)) expect(shortcutDocs.some((d) => d.keys.join(" ") === `G ${k.toUpperCase()}`)).toBe(true);
  });
});
