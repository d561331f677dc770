"use client";

import { useState } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { ActivityEntryDto as ActivityDto } from "@/lib/dto/activity-entry";
import { activityKeys, fetchActivityPage, type ActivityFilter } from "@/lib/queries/activity";
import type { Page } from "@/lib/queries/fetcher";
import { formatDate, formatTime } from "@/lib/format";
import { cn } from "@/lib/cn";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/input";
import { activityEntityTypes, entityTypeLabels } from "@/components/activity/entity-types";
import { EmptyState } from "@/components/ui/empty-state";
import { Actor, actionTone, describe, type AgentRef, type DescribeContext } from "@/components/activity/describe";

export type { AgentRef };

interface Props {
  companyId: string;
  prefix: string;
  companyName: string;
  viewerId: string;
  agents: Record<string, AgentRef>;
  /** board users' names by id (the company's members) */
  users: Record<string, string>;
  firstPage: Page<ActivityDto>;
  /** the filter the first page was read with (from the URL) */
  initialFilter?: ActivityFilter;
}

const actorTypes = [["user", "Board members"], ["agent", "Agents"], ["system", "Charter"]] as const;

/** Who and what to show; kept in the URL (the API's parameter names) so a filtered view can be shared. */
function FilterBar({ filter, onChange }: { filter: ActivityFilter; onChange: (f: ActivityFilter) => void }) {
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="activity-filters">
      <div className="w-44"><Select aria-label="Actor" value={filter.actorType ?? ""} onChange={(e) => onChange({ ...filter, actorType: (e.target.value || undefined) as ActivityFilter["actorType"] })}>
        <option value="">Everyone</option>
        {actorTypes.map(([v, label]) => <option key={v} value={v}>{label}</option>)}
      </Select></div>
      <div className="w-44"><Select aria-label="Subject" value={filter.entityType ?? ""} onChange={(e) => onChange({ ...filter, entityType: e.target.value || undefined })}>
        <option value="">All subjects</option>
        {activityEntityTypes.map((t) => <option key={t} value={t}>{entityTypeLabels[t]}</option>)}
      </Select></div>
    </div>
  );
}

const dots = { green: "bg-emerald-500", amber: "bg-amber-500", red: "bg-red-500", indigo: "bg-indigo-500", gray: "bg-slate-400" };

/** The company's activity log, newest first, one cursor page at a time ("Load more"). */
export function ActivityFeed({ companyId, prefix, companyName, viewerId, agents, users, firstPage, initialFilter = {} }: Props) {
  const [filter, setFilter] = useState<ActivityFilter>(initialFilter);
  const isInitial = filter.actorType === initialFilter.actorType && filter.entityType === initialFilter.entityType;
  const query = useInfiniteQuery({
    queryKey: activityKeys.filtered(companyId, filter),
    queryFn: ({ pageParam }) => fetchActivityPage(companyId, pageParam, filter),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    initialData: isInitial ? { pages: [firstPage], pageParams: [null] } : undefined,
  });
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];
  const ctx: DescribeContext = { prefix, companyName, viewerId, agents, users };
  const changeFilter = (next: ActivityFilter) => {
    setFilter(next);
    const url = new URL(window.location.href);
    for (const k of ["actorType", "entityType"] as const) {
      if (next[k]) url.searchParams.set(k, next[k]);
      else url.searchParams.delete(k);
    }
    window.history.replaceState(null, "", url.pathname + url.search);
  };
  const filtered = !!(filter.actorType || filter.entityType);

  if (rows.length === 0) {
    return (
      <div className="space-y-4">
        <FilterBar filter={filter} onChange={changeFilter} />
        {query.isLoading ? <p className="text-sm text-slate-500">Loading…</p> : filtered ? (
          <EmptyState title="Nothing matches these filters">Choose other filters to see more.</EmptyState>
        ) : (
          <EmptyState title="No activity yet">Changes to the company and its agents will be listed here.</EmptyState>
        )}
      </div>
    );
  }

  // group by UTC day, the days in the order the rows come (newest first)
  const days: Array<{ day: string; rows: ActivityDto[] }> = [];
  for (const row of rows) {
    const day = formatDate(row.createdAt);
    if (days[days.length - 1]?.day !== day) days.push({ day, rows: [] });
    days[days.length - 1].rows.push(row);
  }

  return (
    <div className="space-y-6">
      <FilterBar filter={filter} onChange={changeFilter} />
      {days.map(({ day, rows: dayRows }) => (
        <section key={day}>
          <h2 className="mb-2 text-xs font-medium uppercase tracking-wide text-slate-500">{day}</h2>
          <Card>
            <ol className="divide-y divide-slate-100" data-testid="activity-list">
              {dayRows.map((row) => (
                <li key={row.id} className="flex items-start gap-3 px-4 py-3 text-sm" data-testid="activity-item">
                  <span className={cn("mt-1.5 size-2 shrink-0 rounded-full", dots[actionTone(row.action)])} aria-hidden="true" />
                  <p className="min-w-0 flex-1 text-slate-600">
                    <Actor row={row} ctx={ctx} /> {describe(row, ctx)}
                  </p>
                  <time dateTime={row.createdAt} className="shrink-0 whitespace-nowrap text-xs tabular-nums text-slate-400" title={row.createdAt}>
                    {formatTime(row.createdAt)} UTC
                  </time>
                </li>
              ))}
            </ol>
          </Card>
        </section>
      ))}
      <div className="flex justify-center">
        {query.hasNextPage ? (
          <Button onClick={() => query.fetchNextPage()} pending={query.isFetchingNextPage}>Load more</Button>
        ) : (
          <p className="text-xs text-slate-400">That is everything: {rows.length} {rows.length === 1 ? "entry" : "entries"}.</p>
        )}
      </div>
      {query.isFetchNextPageError && <p className="text-center text-sm text-red-600">Loading more failed: {query.error?.message}</p>}
    </div>
  );
}
