"use client";

// The board user's inbox: filter chips by kind, an "Unread" switch, each item a link to its page
// that can be marked read, "Mark all read", and "Load more" over the API's cursor pages.
import Link from "next/link";
import { useState } from "react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { inboxKeys, fetchInboxPage, markInboxRead, type BoardInboxItem, type InboxFilter, type InboxItemKind } from "@/lib/queries/inbox";
import type { Page } from "@/lib/queries/fetcher";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/cn";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { RelativeTime, kindLabels, kindTones } from "@/components/inbox/inbox-item-parts";

const kinds = Object.keys(kindLabels) as InboxItemKind[];

function FilterChips({ filter, onChange }: { filter: InboxFilter; onChange: (f: InboxFilter) => void }) {
  const chip = (active: boolean) => cn(
    "whitespace-nowrap rounded-full px-3 py-1 text-xs font-medium ring-1 ring-inset transition-colors",
    active ? "bg-accent text-on-accent ring-accent" : "bg-white text-slate-600 ring-slate-200 hover:bg-slate-50",
  );
  return (
    <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label="Show" data-testid="inbox-filters">
      <button type="button" className={chip(!filter.kind)} aria-pressed={!filter.kind} onClick={() => onChange({ ...filter, kind: undefined })}>All</button>
      {kinds.map((k) => (
        <button key={k} type="button" className={chip(filter.kind === k)} aria-pressed={filter.kind === k} onClick={() => onChange({ ...filter, kind: k })}>
          {kindLabels[k]}
        </button>
      ))}
      <label className="ml-1 inline-flex items-center gap-1.5 text-xs text-slate-600">
        <input type="checkbox" className="size-3.5 rounded border-slate-300" checked={!!filter.unread} onChange={(e) => onChange({ ...filter, unread: e.target.checked || undefined })} />
        Unread only
      </label>
    </div>
  );
}

function InboxRow({ item, onRead, pending }: { item: BoardInboxItem; onRead: () => void; pending: boolean }) {
  return (
    <li className={cn("flex items-start gap-3 px-4 py-3", !item.read && "bg-indigo-50/40")} data-testid="inbox-item" data-keynav-item data-kind={item.kind} data-read={item.read}>
      <span className={cn("mt-1.5 size-2 shrink-0 rounded-full", item.read ? "bg-transparent" : "bg-indigo-600")} aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-0.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <span className={cn("rounded px-1.5 py-px text-[11px] font-medium", kindTones[item.kind])}>{kindLabels[item.kind]}</span>
          <Link href={item.href} onClick={() => !item.read && onRead()} className={cn("min-w-0 break-words text-sm hover:text-indigo-700 hover:underline", item.read ? "text-slate-700" : "font-semibold text-slate-900")}>
            {item.title}
          </Link>
        </div>
        {item.summary && <p className="line-clamp-2 break-words text-sm text-slate-500">{item.summary}</p>}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <RelativeTime iso={item.createdAt} title={formatDateTime(item.createdAt)} />
        {!item.read && (
          <button type="button" onClick={onRead} disabled={pending} className="text-xs text-slate-500 hover:text-indigo-700 hover:underline disabled:opacity-50" aria-label={`Mark read: ${item.title}`}>
            Mark read
          </button>
        )}
      </div>
    </li>
  );
}

export function InboxList({ companyId, firstPage }: { companyId: string; firstPage: Page<BoardInboxItem> }) {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<InboxFilter>({});
  const unfiltered = !filter.kind && !filter.unread;
  const query = useInfiniteQuery({
    queryKey: inboxKeys.list(companyId, filter),
    queryFn: ({ pageParam }) => fetchInboxPage(companyId, pageParam, filter),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    initialData: unfiltered ? { pages: [firstPage], pageParams: [null] } : undefined,
  });
  const mark = useMutation({
    mutationFn: (body: { keys: string[] } | { all: true }) => markInboxRead(companyId, body),
    onSuccess: async (count) => {
      queryClient.setQueryData(inboxKeys.count(companyId), count);
      await queryClient.invalidateQueries({ queryKey: inboxKeys.all(companyId) });
    },
  });
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const anyUnread = items.some((i) => !i.read);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <FilterChips filter={filter} onChange={setFilter} />
        <Button size="sm" onClick={() => mark.mutate({ all: true })} pending={mark.isPending && mark.variables && "all" in mark.variables} disabled={!anyUnread || mark.isPending}>
          Mark all read
        </Button>
      </div>
      <ApiErrorAlert error={mark.error ?? query.error} />
      {items.length === 0 ? (
        query.isLoading ? <p className="text-sm text-slate-500">Loading…</p> : unfiltered ? (
          <EmptyState title="Nothing needs you right now">
            Approvals waiting for the board, failed runs, blocked issues, issues assigned to you, comments that mention you, agents paused by
            their budget or the loop breaker, failed verifications, reviews handed to the board, workspaces that failed and work kept after
            done appear here.
          </EmptyState>
        ) : (
          <EmptyState title="Nothing here">Nothing matches this filter. Choose All to see everything.</EmptyState>
        )
      ) : (
        <Card>
          <ul className="divide-y divide-slate-100" data-testid="inbox-list" data-keynav-list>
            {items.map((item) => (
              <InboxRow key={item.key} item={item} pending={mark.isPending} onRead={() => mark.mutate({ keys: [item.key] })} />
            ))}
          </ul>
        </Card>
      )}
      {query.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="secondary" size="sm" onClick={() => query.fetchNextPage()} pending={query.isFetchingNextPage}>Load more</Button>
        </div>
      )}
    </div>
  );
}
