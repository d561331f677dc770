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
      data-closes-drawer
      className="flex min-h-9 w-full items-center gap-2 rounded-md border border-line bg-surface px-2.5 py-1.5 text-left text-sm text-fg-muted shadow-xs hover:border-line-strong hover:text-fg"
    >
      <SearchGlyph className="shrink-0 text-fg-subtle" />
      <span className="flex-1">Search…</span>
      <span className="hidden items-center gap-0.5 md:flex" aria-hidden="true"><Kbd>{mod}</Kbd><Kbd>K</Kbd></span>
    </button>
  );
}
