"use client";

import { LivenessBadge } from "@/components/liveness/liveness-line.client";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { fetchIssuePage, issueKeys, type IssueDto, type IssueFilters } from "@/lib/queries/issues";
import type { Page } from "@/lib/queries/fetcher";
import { formatDateTime, formatShortDateTime } from "@/lib/format";
import { cn } from "@/lib/cn";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { IssueStatusBadge, PriorityLabel } from "@/components/issues/issue-badges";
import { Assignee } from "@/components/issues/assignee";
import { LabelChips } from "@/components/issues/label-chips";
import type { DirectoryMaps } from "@/components/issues/directory";

/**
 * The issues matching `filters`, in the API's order (priority, then most recently updated), one
 * cursor page at a time. `initial` is the server's first page for these filters, if it has one.
 */
export function IssueList({ companyId, prefix, filters, initial, maps, users, emptyText, compact = false }: {
  companyId: string; prefix: string; filters: IssueFilters; initial: Page<IssueDto> | null; maps: DirectoryMaps;
  users: Record<string, string>; emptyText: ReactNode;
  /** inside a narrower card (a project's page): no project, updated or label columns */
  compact?: boolean;
}) {
  // the server's page is as fresh as the moment this view mounted
  const [mountedAt] = useState(() => Date.now());
  const query = useInfiniteQuery({
    queryKey: issueKeys.list(companyId, filters),
    queryFn: ({ pageParam }) => fetchIssuePage(companyId, filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    initialData: initial ? { pages: [initial], pageParams: [null] } : undefined,
    initialDataUpdatedAt: mountedAt,
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];

  if (query.isError && !query.data) return <Alert tone="error" className="m-4">Loading issues failed: {query.error.message}</Alert>;
  return (
    <div className={cn("transition-opacity", query.isPlaceholderData && "opacity-60")} aria-busy={query.isFetching || undefined} data-keynav-list>
      <Table>
        <THead>
          <tr>
            <TH className="w-24">ID</TH>
            <TH>Title</TH>
            <TH>Status</TH>
            <TH className="hidden sm:table-cell">Priority</TH>
            <TH className="hidden md:table-cell">Assignee</TH>
            {!compact && <TH className="hidden lg:table-cell">Project</TH>}
            {!compact && <TH className="hidden text-right xl:table-cell">Updated</TH>}
          </tr>
        </THead>
        <TBody>
          {rows.map((issue) => {
            const href = `/${prefix}/issues/${issue.identifier}`;
            const project = issue.projectId ? maps.project.get(issue.projectId) : undefined;
            return (
              <TR key={issue.id} data-testid="issue-row" data-keynav-item className={cn(issue.status === "cancelled" && "[&_a]:line-through")}>
                <TD className="whitespace-nowrap font-mono text-xs text-slate-500">
                  <Link href={href} className="hover:text-indigo-700">{issue.identifier}</Link>
                </TD>
                <TD className="w-full min-w-32 max-w-0 sm:min-w-48">
                  <div className="flex min-w-0 items-center gap-2">
                    <Link href={href} className="truncate font-medium text-slate-900 hover:text-indigo-700" title={issue.title}>{issue.title}</Link>
                    <LivenessBadge liveness={issue.liveness} showReason />
                    {!compact && <LabelChips ids={issue.labelIds} maps={maps} max={2} />}
                  </div>
                </TD>
                <TD className="whitespace-nowrap"><IssueStatusBadge status={issue.status} /></TD>
                <TD className="hidden whitespace-nowrap sm:table-cell"><PriorityLabel priority={issue.priority} compact={compact} /></TD>
                <TD className="hidden max-w-44 md:table-cell">
                  <Assignee
                    agent={issue.assigneeAgentId ? maps.agent.get(issue.assigneeAgentId) : undefined}
                    userName={issue.assigneeUserId ? users[issue.assigneeUserId] ?? "A board user" : undefined}
                    prefix={prefix}
                    className="max-w-full text-slate-700"
                  />
                </TD>
                {!compact && <TD className="hidden max-w-40 lg:table-cell">
                  {project ? (
                    <Link href={`/${prefix}/projects/${project.id}`} className="block truncate text-slate-600 hover:text-indigo-700 hover:underline">{project.name}</Link>
                  ) : (
                    <span className="text-slate-400">—</span>
                  )}
                </TD>}
                {!compact && <TD className="hidden whitespace-nowrap text-right text-xs tabular-nums text-slate-500 xl:table-cell">
                  <time dateTime={issue.updatedAt} title={formatDateTime(issue.updatedAt)}>{formatShortDateTime(issue.updatedAt)}</time>
                </TD>}
              </TR>
            );
          })}
        </TBody>
      </Table>
      {rows.length === 0 && !query.isFetching && <div className="px-4 py-10 text-center text-sm text-slate-500">{emptyText}</div>}
      {rows.length === 0 && query.isFetching && <p className="px-4 py-10 text-center text-sm text-slate-400">Loading issues…</p>}
      {rows.length > 0 && (
        <div className="flex flex-col items-center gap-2 border-t border-slate-100 px-4 py-3">
          {query.hasNextPage ? (
            <Button onClick={() => query.fetchNextPage()} pending={query.isFetchingNextPage}>Load more</Button>
          ) : (
            <p className="text-xs text-slate-400">{rows.length === 1 ? "1 issue" : `All ${rows.length} issues`} shown.</p>
          )}
          {query.isFetchNextPageError && <p className="text-sm text-red-600">Loading more failed: {query.error?.message}</p>}
        </div>
      )}
    </div>
  );
}
