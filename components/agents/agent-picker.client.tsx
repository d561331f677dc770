"use client";

// Picks one agent of the company by searching, a page at a time: a company may have far too many
// agents to load into a plain select (the agent page's manager picker).
import { useEffect, useId, useState } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { AgentDto } from "@/lib/dto/agents";
import { agentKeys, fetchAgentPage } from "@/lib/queries/agents";
import { roleLabel } from "@/lib/format";
import { Input } from "@/components/ui/input";

export interface PickedAgent { id: string; name: string }

export function AgentPicker({ id, companyId, value, onChange, exclude, disabled }: {
  id: string; companyId: string; value: PickedAgent | null; onChange: (agent: PickedAgent | null) => void; exclude?: string; disabled?: boolean;
}) {
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const [open, setOpen] = useState(false);
  const listId = useId();
  useEffect(() => {
    const t = setTimeout(() => setQ(text.trim()), 250);
    return () => clearTimeout(t);
  }, [text]);
  const results = useInfiniteQuery({
    queryKey: [...agentKeys.all(companyId), "picker", q],
    queryFn: ({ pageParam }) => fetchAgentPage(companyId, q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: open,
  });
  const items = (results.data?.pages ?? []).flatMap((p) => p.items).filter((a) => a.id !== exclude && a.status !== "terminated");
  const pick = (a: AgentDto | null) => {
    onChange(a && { id: a.id, name: a.name });
    setText("");
    setOpen(false);
  };

  if (value || disabled) {
    return (
      <div className="flex h-9 items-center justify-between gap-2 rounded-md bg-slate-50 px-3 text-sm ring-1 ring-inset ring-slate-200" data-testid="agent-picker-value">
        <span className="min-w-0 truncate text-slate-800">{value?.name ?? "Nobody"}</span>
        {!disabled && (
          <button type="button" onClick={() => { onChange(null); setOpen(true); }} className="shrink-0 text-xs font-medium text-slate-500 hover:text-slate-800">
            Change
          </button>
        )}
      </div>
    );
  }
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
        placeholder="Nobody: search agents by name or title"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        autoComplete="off"
      />
      {open && (
        <ul id={listId} role="listbox" data-testid="agent-picker-options" className="absolute inset-x-0 top-full z-30 mt-1 max-h-64 overflow-y-auto rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-900/10">
          {results.isFetching && items.length === 0 && <li className="px-2.5 py-2 text-sm text-slate-400">Searching…</li>}
          {!results.isFetching && items.length === 0 && <li className="px-2.5 py-2 text-sm text-slate-500">{q ? `No agent matches “${q}”.` : "No other agents yet."}</li>}
          {items.map((a) => (
            <li key={a.id} role="option" aria-selected={false}>
              <button type="button" onClick={() => pick(a)} className="flex w-full items-center gap-2 rounded-md px-2.5 py-1.5 text-left text-sm hover:bg-slate-100">
                <span className="min-w-0 flex-1 truncate text-slate-800">{a.name}</span>
                <span className="shrink-0 text-xs text-slate-500">{a.title || roleLabel(a.role)}</span>
              </button>
            </li>
          ))}
          {results.hasNextPage && (
            <li>
              {/* never disabled while loading: a focused button that turns disabled blurs, and the blur closes the list */}
              <button type="button" onClick={() => !results.isFetchingNextPage && results.fetchNextPage()} className="w-full rounded-md px-2.5 py-1.5 text-left text-sm font-medium text-indigo-700 hover:bg-slate-100">
                {results.isFetchingNextPage ? "Loading…" : "Show more"}
              </button>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
