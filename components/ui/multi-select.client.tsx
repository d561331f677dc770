"use client";

import { useCallback, useRef, useState, type ReactNode } from "react";
import { useDismiss } from "@/components/ui/use-dismiss";
import { cn } from "@/lib/cn";

export interface MultiSelectOption {
  value: string;
  label: string;
  /** drawn before the label (a colour dot, an icon) */
  adornment?: ReactNode;
}

/**
 * A button that opens a list of checkboxes: several values of one filter or field. The button
 * reads "<placeholder>" when nothing is chosen, the one label, or "<n> <noun>".
 */
export function MultiSelect({ id, label, placeholder, noun, options, value, onChange, className, align = "left", empty = "Nothing to choose" }: {
  id?: string; label: string; placeholder: string; noun: string; options: MultiSelectOption[]; value: string[]; onChange: (next: string[]) => void;
  className?: string; align?: "left" | "right"; empty?: string;
}) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, box);

  const chosen = options.filter((o) => value.includes(o.value));
  const summary = chosen.length === 0 ? placeholder : chosen.length === 1 ? chosen[0].label : `${chosen.length} ${noun}`;
  const toggle = (v: string) => onChange(value.includes(v) ? value.filter((x) => x !== v) : [...value, v]);

  return (
    <div ref={box} className={cn("relative", className)}>
      <button
        id={id}
        type="button"
        aria-label={`${label}: ${summary}`}
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className={cn(
          "flex h-9 w-full items-center justify-between gap-2 rounded-md bg-white px-3 text-left text-sm shadow-xs ring-1 ring-inset ring-slate-300",
          "focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600",
          chosen.length ? "text-slate-900" : "text-slate-500",
        )}
      >
        <span className="truncate">{summary}</span>
        <svg viewBox="0 0 20 20" className="size-4 shrink-0 text-slate-400" fill="none" stroke="currentColor" strokeWidth="1.75" aria-hidden="true">
          <path d="M6 8l4 4 4-4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {open && (
        <div role="group" aria-label={label} className={cn("absolute top-full z-30 mt-1 max-h-80 w-56 overflow-y-auto rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-900/10", align === "right" ? "right-0" : "left-0")}>
          {options.length === 0 && <p className="px-2.5 py-2 text-sm text-slate-500">{empty}</p>}
          {options.map((o) => (
            <label key={o.value} className="flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm text-slate-700 hover:bg-slate-100">
              <input type="checkbox" checked={value.includes(o.value)} onChange={() => toggle(o.value)} className="size-4 rounded border-slate-300 accent-indigo-600" />
              {o.adornment}
              <span className="min-w-0 flex-1 truncate">{o.label}</span>
            </label>
          ))}
          {value.length > 0 && (
            <>
              <div className="my-1 border-t border-slate-100" />
              <button type="button" onClick={() => onChange([])} className="block w-full rounded-md px-2.5 py-1.5 text-left text-sm text-slate-600 hover:bg-slate-100">
                Clear
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
