"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { issuePriorities, issueStatuses, type IssuePriority, type IssueStatus } from "@/lib/issue-status";
import type { IssueFilters } from "@/lib/queries/issues";
import { humanize } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import { SearchGlyph } from "@/components/ui/glyphs";
import { MultiSelect } from "@/components/ui/multi-select.client";
import { statusDot } from "@/components/issues/issue-badges";
import type { DirectoryMaps, Directory } from "@/components/issues/directory";

const SEARCH_DEBOUNCE_MS = 300;

/** Search and filters of the issue list and board; the board has no status filter (its columns are). */
export function IssueFilterBar({ filters, onChange, directory, maps, showStatus, leading }: {
  filters: IssueFilters; onChange: (next: IssueFilters) => void; directory: Directory; maps: DirectoryMaps; showStatus: boolean; leading?: ReactNode;
}) {
  const set = (patch: Partial<IssueFilters>) => onChange({ ...filters, ...patch });
  const active = Boolean((showStatus && filters.status?.length) || filters.assigneeAgentId || filters.projectId || filters.labelId || filters.priority || filters.q);
  return (
    <div className="space-y-3 border-b border-slate-100 px-4 py-3 last:border-b-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {leading}
        <SearchBox value={filters.q ?? ""} onChange={(q) => set({ q: q || undefined })} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
      {showStatus && (
        <MultiSelect
          label="Status"
          placeholder="Any status"
          noun="statuses"
          className="w-40"
          options={issueStatuses.map((s) => ({ value: s, label: humanize(s), adornment: <span className={`size-2 rounded-full ${statusDot[s]}`} aria-hidden="true" /> }))}
          value={filters.status ?? []}
          onChange={(v) => set({ status: v.length ? (issueStatuses.filter((s) => v.includes(s)) as IssueStatus[]) : undefined })}
        />
      )}
      <div className="w-44"><Select aria-label="Assignee" value={filters.assigneeAgentId ?? ""} onChange={(e) => set({ assigneeAgentId: e.target.value || undefined })}>
        <option value="">Any assignee</option>
        {maps.assignable.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
        {/* an agent chosen before it was terminated stays selectable, so the control shows it */}
        {filters.assigneeAgentId && !maps.assignable.some((a) => a.id === filters.assigneeAgentId) && (
          <option value={filters.assigneeAgentId}>{maps.agent.get(filters.assigneeAgentId)?.name ?? "Unknown agent"}</option>
        )}
      </Select></div>
      <div className="w-44"><Select aria-label="Project" value={filters.projectId ?? ""} onChange={(e) => set({ projectId: e.target.value || undefined })}>
        <option value="">Any project</option>
        {directory.projects.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
      </Select></div>
      <div className="w-36"><Select aria-label="Label" value={filters.labelId ?? ""} onChange={(e) => set({ labelId: e.target.value || undefined })}>
        <option value="">Any label</option>
        {directory.labels.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
      </Select></div>
      <div className="w-36"><Select aria-label="Priority" value={filters.priority ?? ""} onChange={(e) => set({ priority: (e.target.value || undefined) as IssuePriority | undefined })}>
        <option value="">Any priority</option>
        {issuePriorities.map((p) => <option key={p} value={p}>{humanize(p)}</option>)}
      </Select></div>
      {active && (
        <Button variant="ghost" onClick={() => onChange(showStatus ? {} : { status: filters.status })}>Clear filters</Button>
      )}
      </div>
    </div>
  );
}

/** The search field: the list follows what is typed once typing pauses. */
function SearchBox({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const [text, setText] = useState(value);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  // "Clear filters" and other outside changes reset the field
  useEffect(() => setText((t) => (t.trim() === value ? t : value)), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const t = setTimeout(() => latest.current(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, value]);
  return (
    <div className="relative w-full sm:w-72">
      <SearchGlyph className="pointer-events-none absolute left-2.5 top-2.5 text-slate-400" />
      <Input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search issues and comments"
        aria-label="Search issues"
        className="pl-8"
      />
    </div>
  );
}
