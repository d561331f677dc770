"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import type { ActivityDto } from "@/lib/dto/activity";
import { activityKeys, fetchActivityPage } from "@/lib/queries/activity";
import type { Page } from "@/lib/queries/fetcher";
import { formatDate, formatTime } from "@/lib/format";
import { cn } from "@/lib/cn";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
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
}

const dots = { green: "bg-emerald-500", amber: "bg-amber-500", red: "bg-red-500", indigo: "bg-indigo-500", gray: "bg-slate-400" };

/** The company's activity log, newest first, one cursor page at a time ("Load more"). */
export function ActivityFeed({ companyId, prefix, companyName, viewerId, agents, users, firstPage }: Props) {
  const query = useInfiniteQuery({
    queryKey: activityKeys.all(companyId),
    queryFn: ({ pageParam }) => fetchActivityPage(companyId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    initialData: { pages: [firstPage], pageParams: [null] },
  });
  const rows = query.data.pages.flatMap((p) => p.items);
  const ctx: DescribeContext = { prefix, companyName, viewerId, agents, users };

  if (rows.length === 0) {
    return <EmptyState title="No activity yet">Changes to the company and its agents will be listed here.</EmptyState>;
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
