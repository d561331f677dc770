"use client";

import { useId, useMemo, useState, type KeyboardEvent } from "react";
import { cn } from "@/lib/cn";
import { Input } from "@/components/ui/input";
import { browserTimeZone, knownTimeZones, matchTimeZones } from "@/components/routines/schedule";

/**
 * A time zone field that searches the browser's list of zones as one types ("new york", "paris"),
 * with the browser's own zone first (an ARIA combobox: arrows move, Enter picks, Escape closes the
 * list and keeps the dialog). A zone typed whole is taken as typed; the server checks it.
 */
export function TimeZonePicker({ id, value, onChange, invalid }: { id: string; value: string; onChange: (zone: string) => void; invalid?: boolean }) {
  const local = useMemo(browserTimeZone, []);
  const zones = useMemo(() => [local, ...knownTimeZones().filter((z) => z !== local)], [local]);
  const listId = useId();
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(0);
  const matches = useMemo(() => (query ? matchTimeZones(zones, query, 100) : zones), [zones, query]);
  const current = Math.min(highlight, Math.max(0, matches.length - 1));
  const shown = open && matches.length > 0;

  const pick = (zone: string) => {
    onChange(zone);
    setQuery(null);
    setOpen(false);
  };

  function onKey(e: KeyboardEvent<HTMLInputElement>) {
    const keys: Record<string, () => void> = {
      ArrowDown: () => (shown ? setHighlight((current + 1) % matches.length) : setOpen(true)),
      ArrowUp: () => shown && setHighlight((current - 1 + matches.length) % matches.length),
      Enter: () => shown && pick(matches[current]),
      Escape: () => setOpen(false),
    };
    if (!keys[e.key] || (e.key !== "ArrowDown" && !shown)) return;
    e.preventDefault();
    keys[e.key]();
  }

  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <div className="relative" onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && (setOpen(false), setQuery(null))}>
      <Input
        id={id}
        value={query ?? value}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={shown ? listId : undefined}
        aria-activedescendant={shown ? optionId(current) : undefined}
        aria-invalid={invalid || undefined}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        required
        onFocus={(e) => { e.currentTarget.select(); setOpen(true); }}
        onClick={() => setOpen(true)}
        onChange={(e) => { setQuery(e.target.value); onChange(e.target.value); setHighlight(0); setOpen(true); }}
        onKeyDown={onKey}
      />
      {shown && (
        <ul id={listId} role="listbox" aria-label="Matching zones"
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-64 overflow-y-auto rounded-lg bg-surface p-1 text-sm shadow-lg ring-1 ring-slate-900/10">
          {matches.map((z, i) => (
            <li key={z} id={optionId(i)} role="option" aria-selected={i === current}
              className={cn("flex cursor-pointer items-center justify-between gap-2 rounded-md px-2.5 py-1.5", i === current ? "bg-indigo-50 text-indigo-900" : "text-fg")}
              onMouseDown={(e) => e.preventDefault()} onMouseEnter={() => setHighlight(i)} onClick={() => pick(z)}>
              <span className="min-w-0 truncate">{z.replace(/_/g, " ")}</span>
              {z === local && <span className="shrink-0 text-xs text-fg-muted">your zone</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
