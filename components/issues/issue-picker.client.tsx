"use client";

import { useEffect, useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { fetchIssuePage, issueKeys, type IssueDto } from "@/lib/queries/issues";
import { cn } from "@/lib/cn";
import { Input } from "@/components/ui/input";
import { IssueStatusBadge } from "@/components/issues/issue-badges";

export interface PickedIssue { id: string; identifier: string; title: string }

/**
 * Picks one issue of the company by searching (identifier, title, text), for a parent: a company
 * may have far too many issues for a plain select. `exclude` hides the issue being edited (and, for
 * blockers, those already chosen).
 */
export function IssuePicker({ id, companyId, value, onChange, exclude, placeholder = "Search by ID or title", label }: {
  id: string; companyId: string; value: PickedIssue | null; onChange: (issue: PickedIssue | null) => void; exclude?: string | readonly string[]; placeholder?: string; label?: string;
}) {
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const [open, setOpen] = useState(false);
  const listId = useId();
  useEffect(() => {
    const t = setTimeout(() => setQ(text.trim()), 250);
    return () => clearTimeout(t);
  }, [text]);
  const results = useQuery({
    queryKey: [...issueKeys.all(companyId), "picker", q],
    queryFn: () => fetchIssuePage(companyId, q ? { q } : {}, null, 8),
    enabled: open,
  });
  const excluded = typeof exclude === "string" ? [exclude] : exclude ?? [];
  const items = (results.data?.items ?? []).filter((i) => !excluded.includes(i.id));

  if (value) {
    return (
      <div className="flex h-9 items-center justify-between gap-2 rounded-md bg-slate-50 px-3 text-sm ring-1 ring-inset ring-slate-200">
        <span className="min-w-0 truncate">
          <span className="font-mono text-xs text-slate-500">{value.identifier}</span> <span className="text-slate-800">{value.title}</span>
        </span>
        <button type="button" onClick={() => onChange(null)} className="shrink-0 text-xs font-medium text-slate-500 hover:text-slate-800" aria-label="Remove parent">
          Remove
        </button>
      </div>
    );
  }
  const pick = (i: IssueDto) => {
    onChange({ id: i.id, identifier: i.identifier, title: i.title });
    setText("");
    setOpen(false);
  };
  return (
    <div className="relative" onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setOpen(false)}>
      <Input
        id={id}
        value={text}
        onChange={(e) => { setText(e.target.value); setOpen(true); }}
        onFocus={() => setOpen(true)}
        onKeyDown={(e) => {
          if (e.key === "Escape") setOpen(false);
          if (e.key === "Enter") {
            e.preventDefault();
            if (items[0]) pick(items[0]);
          }
        }}
        placeholder={placeholder}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={label}
        autoComplete="off"
      />
      {open && (
        <ul id={listId} role="listbox" className="absolute inset-x-0 top-full z-30 mt-1 max-h-64 overflow-y-auto rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-900/10">
          {results.isFetching && items.length === 0 && <li className="px-2.5 py-2 text-sm text-slate-400">Searching…</li>}
          {!results.isFetching && items.length === 0 && <li className="px-2.5 py-2 text-sm text-slate-500">{q ? `No issue matches “${q}”.` : "No issues yet."}</li>}
          {items.map((i) => (
            <li key={i.id} role="option" aria-selected={false}>
              <button
                type="button"
                onClick={() => pick(i)}
                className={cn("flex w-full items-center gap-2 rounded-md px-2.5 py-1.5 text-left text-sm hover:bg-slate-100")}
              >
                <span className="shrink-0 font-mono text-xs text-slate-500">{i.identifier}</span>
                <span className="min-w-0 flex-1 truncate text-slate-800">{i.title}</span>
                <IssueStatusBadge status={i.status} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
