"use client";

import { SearchGlyph } from "@/components/ui/glyphs";
import { Kbd, useModKey } from "@/components/shortcuts/shortcut-help.client";
import { useOpenPalette } from "@/components/shell/command-center.client";

/** The palette for pointers and touch: the same list ⌘K opens. */
export function PaletteButton() {
  const open = useOpenPalette();
  const mod = useModKey();
  return (
    <button
      type="button"
      onClick={open}
      data-testid="open-palette"
      className="flex min-h-9 w-full items-center gap-2 rounded-md border border-slate-200 bg-white px-2.5 py-1.5 text-left text-sm text-slate-600 shadow-xs hover:border-slate-300 hover:text-slate-900"
    >
      <SearchGlyph className="shrink-0 text-slate-500" />
      <span className="flex-1">Search…</span>
      <span className="hidden items-center gap-0.5 md:flex" aria-hidden="true"><Kbd>{mod}</Kbd><Kbd>K</Kbd></span>
    </button>
  );
}
