"use client";

import { Fragment, useSyncExternalStore } from "react";
import { Dialog } from "@/components/ui/dialog.client";
import { shortcutDocs, type ShortcutDoc, type ShortcutGroup } from "@/components/shortcuts/keymap";

const groups: ShortcutGroup[] = ["General", "Go to", "Lists", "Kanban card", "Org chart"];

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
/** "Mod" as this keyboard writes it (Ctrl on the server's render, then the browser's own). */
export function useModKey(): string {
  return useSyncExternalStore(() => () => {}, () => (isMac() ? "⌘" : "Ctrl"), () => "Ctrl");
}

export function Kbd({ children }: { children: string }) {
  return (
    <kbd className="inline-flex min-w-6 items-center justify-center rounded border border-line-strong bg-surface-muted px-1.5 py-0.5 font-mono text-xs text-fg shadow-[0_1px_0_var(--color-slate-300)]">
      {children}
    </kbd>
  );
}

// Mod+K is a chord, G then I a sequence, ← → alternatives.
const joiner = (s: ShortcutDoc) => (s.keys[0] === "Mod" ? "+" : s.group === "Go to" ? "then" : "or");

/** The `?` dialog: every shortcut of the board, from the one keymap. */
export function ShortcutHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const mod = useModKey();
  return (
    <Dialog open={open} onClose={onClose} title="Keyboard shortcuts" description="Single keys work anywhere except while typing in a field or over a dialog." className="max-w-2xl">
      <div className="grid gap-x-8 gap-y-5 sm:grid-cols-2" data-testid="shortcut-help">
        {groups.map((group) => (
          <section key={group} aria-labelledby={`shortcuts-${group}`}>
            <h3 id={`shortcuts-${group}`} className="mb-2 text-xs font-semibold uppercase tracking-wide text-fg-muted">{group}</h3>
            <dl className="space-y-1.5 text-sm">
              {shortcutDocs.filter((s) => s.group === group).map((s) => (
                <div key={s.label + s.keys.join()} className="flex items-center justify-between gap-3">
                  <dt className="text-fg">{s.label}</dt>
                  <dd className="flex shrink-0 items-center gap-1">
                    {s.keys.map((k, i) => (
                      <Fragment key={k + i}>
                        {i > 0 && <span className="text-xs text-fg-subtle">{joiner(s)}</span>}
                        <Kbd>{k === "Mod" ? mod : k}</Kbd>
                      </Fragment>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
