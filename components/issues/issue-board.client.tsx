"use client";

import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { issuePriorities, issueStatuses, type IssueStatus } from "@/lib/issue-status";
import { BOARD_FIRST_PAGE_SIZE, ISSUE_PAGE_SIZE, fetchIssueCounts, fetchIssuePage, issueKeys, updateIssue, type IssueCounts, type IssueDto, type IssueFilters } from "@/lib/queries/issues";
import type { Page } from "@/lib/queries/fetcher";
import { humanize } from "@/lib/format";
import { cn } from "@/lib/cn";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { statusDot } from "@/components/issues/issue-badges";
import type { DirectoryMaps } from "@/components/issues/directory";
import { illegalHint, moveKind } from "@/components/issues/board-moves";
import { MoveCardDialog } from "@/components/issues/move-card-dialog.client";
import { BoardCard, MoveGlyphSymbol, type CardMoves } from "@/components/issues/board-card.client";
import { boardKey } from "@/components/shortcuts/keymap";
import { BoardColumnNav } from "@/components/issues/board-column-nav.client";

type Columns = InfiniteData<Page<IssueDto>, string | null>;

const rank = (p: string) => issuePriorities.indexOf(p as (typeof issuePriorities)[number]);

function without(data: Columns | undefined, id: string): Columns | undefined {
  return data && { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.filter((i) => i.id !== id) })) };
}

/** Puts a just-updated card where the API's order would (first in its priority, as the newest). */
function withCard(data: Columns | undefined, card: IssueDto): Columns | undefined {
  if (!data) return data;
  const pages = data.pages.map((p) => ({ ...p, items: [...p.items] }));
  for (const page of pages) {
    const at = page.items.findIndex((i) => rank(i.priority) >= rank(card.priority));
    if (at >= 0) {
      page.items.splice(at, 0, card);
      return { ...data, pages };
    }
  }
  pages[pages.length - 1]?.items.push(card);
  return { ...data, pages };
}

interface Refusal { identifier: string; from: IssueStatus; to: IssueStatus; message: string }

/**
 * The kanban board: a column per status, each loading its own pages. Moving a card to another
 * column PATCHes its status: a move the table allows shows at once and is rolled back if the API
 * refuses; any other move is left to the API to refuse, and its reason is shown while the card stays.
 * Three ways to move, one path: drag and drop; the keyboard (Space picks a focused card up, arrows
 * choose the column, Space drops, Escape cancels, each step announced); and the card's Move button
 * (a dialog of columns, for touch screens).
 */
export function IssueBoard({ companyId, prefix, filters, initialColumns, initialCounts, maps, canMove }: {
  companyId: string; prefix: string; filters: IssueFilters; initialColumns: Record<IssueStatus, Page<IssueDto>> | null;
  /** each column's total under the filters, as the server counted them with the first pages */
  initialCounts: IssueCounts | null; maps: DirectoryMaps;
  /** false for board viewers: the cards are read-only (no drag, keys or Move button) */
  canMove: boolean;
}) {
  const queryClient = useQueryClient();
  const [dragging, setDragging] = useState<IssueDto | null>(null);
  const [over, setOver] = useState<IssueStatus | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [mountedAt] = useState(() => Date.now());
  // keyboard moves: the card picked up and the column it would drop into
  const [picked, setPicked] = useState<{ issue: IssueDto; target: IssueStatus } | null>(null);
  const [menuFor, setMenuFor] = useState<IssueDto | null>(null);
  // a card moved without the mouse gets the focus back in its new column
  const [focusId, setFocusId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const hintId = useId();
  const boardRef = useRef<HTMLDivElement>(null);
  const moving = dragging ?? picked?.issue ?? null;
  const target = picked ? picked.target : over;
  const countsKey = issueKeys.counts(companyId, filters);
  const counts = useQuery({
    queryKey: countsKey,
    queryFn: () => fetchIssueCounts(companyId, filters),
    initialData: initialCounts ?? undefined,
    initialDataUpdatedAt: mountedAt,
  });

  const move = useMutation({
    mutationFn: ({ issue, to }: { issue: IssueDto; to: IssueStatus; optimistic: boolean; refocus: boolean }) => updateIssue(issue.id, { status: to }),
    onMutate: async ({ issue, to, optimistic, refocus }) => {
      setRefusal(null);
      if (!optimistic) return null;
      const fromKey = issueKeys.column(companyId, issue.status, filters);
      const toKey = issueKeys.column(companyId, to, filters);
      await Promise.all([queryClient.cancelQueries({ queryKey: fromKey }), queryClient.cancelQueries({ queryKey: toKey })]);
      await queryClient.cancelQueries({ queryKey: countsKey });
      const before = { from: queryClient.getQueryData<Columns>(fromKey), to: queryClient.getQueryData<Columns>(toKey), counts: queryClient.getQueryData<IssueCounts>(countsKey) };
      queryClient.setQueryData<Columns>(fromKey, (d) => without(d, issue.id));
      queryClient.setQueryData<Columns>(toKey, (d) => withCard(d, { ...issue, status: to, updatedAt: new Date().toISOString() }));
      queryClient.setQueryData<IssueCounts>(countsKey, (d) => d && { ...d, byStatus: { ...d.byStatus, [issue.status]: d.byStatus[issue.status] - 1, [to]: d.byStatus[to] + 1 } });
      if (refocus) setFocusId(issue.id);
      return { fromKey, toKey, before };
    },
    onSuccess: (_updated, { issue, to }) => setAnnouncement(`${issue.identifier} moved to ${humanize(to)}.`),
    onError: (err, { issue, to, refocus }, snapshot) => {
      if (snapshot) {
        queryClient.setQueryData(snapshot.fromKey, snapshot.before.from);
        queryClient.setQueryData(snapshot.toKey, snapshot.before.to);
        queryClient.setQueryData(countsKey, snapshot.before.counts);
        if (refocus) setFocusId(issue.id);
      }
      setRefusal({ identifier: issue.identifier, from: issue.status, to, message: err.message });
      setAnnouncement(`${issue.identifier} stays in ${humanize(issue.status)}.`);
    },
    onSettled: async (_data, _err, { issue, to }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: issueKeys.column(companyId, issue.status, filters) }),
        queryClient.invalidateQueries({ queryKey: issueKeys.column(companyId, to, filters) }),
        queryClient.invalidateQueries({ queryKey: countsKey }),
        // everything else that shows issues is out of date too, but need not reload now
        queryClient.invalidateQueries({ queryKey: issueKeys.all(companyId), refetchType: "none" }),
      ]);
    },
  });

  function requestMove(issue: IssueDto, to: IssueStatus, refocus: boolean) {
    const kind = moveKind(issue, to);
    if (kind === "none") {
      if (refocus) setAnnouncement(`${issue.identifier} dropped back in ${humanize(to)}; nothing changed.`);
      return;
    }
    move.mutate({ issue, to, optimistic: kind === "legal", refocus });
  }

  function drop(to: IssueStatus) {
    const issue = dragging;
    setDragging(null);
    setOver(null);
    if (issue) requestMove(issue, to, false);
  }

  /** Keys on a focused card (not on its links and buttons, which keep their own); see the keymap. */
  function onCardKey(e: KeyboardEvent<HTMLElement>, issue: IssueDto) {
    if (e.target !== e.currentTarget) return;
    const key = boardKey(e.key);
    if (!picked || picked.issue.id !== issue.id) {
      if (key === "pick") {
        e.preventDefault();
        setRefusal(null);
        setPicked({ issue, target: issue.status });
        setAnnouncement(`Picked up ${issue.identifier} in ${humanize(issue.status)}. Left and right arrows choose a column, Space drops, Escape cancels.`);
      }
      return;
    }
    if (key === "previous" || key === "next") {
      e.preventDefault();
      const at = issueStatuses.indexOf(picked.target) + (key === "next" ? 1 : -1);
      const to = issueStatuses[Math.min(Math.max(at, 0), issueStatuses.length - 1)];
      setPicked({ issue, target: to });
      const kind = moveKind(issue, to);
      setAnnouncement(kind === "none" ? `Over ${humanize(to)}, where it is now.` : kind === "legal" ? `Over ${humanize(to)}.` : `Over ${humanize(to)}: ${illegalHint(issue, to)}; dropping asks anyway and shows the reason if refused.`);
    } else if (key === "pick") {
      e.preventDefault();
      setPicked(null);
      requestMove(issue, picked.target, true);
    } else if (key === "cancel") {
      e.preventDefault();
      cancelPick(issue);
    }
  }

  function cancelPick(issue: IssueDto) {
    setPicked(null);
    setAnnouncement(`Move cancelled; ${issue.identifier} stays in ${humanize(issue.status)}.`);
  }

  return (
    <div className="space-y-3">
      {refusal && (
        <Alert tone="error" title={`${refusal.identifier} stays in ${humanize(refusal.from)}: it cannot move to ${humanize(refusal.to)}`}>
          <div className="flex items-start justify-between gap-3">
            <span data-testid="move-refusal">{refusal.message}</span>
            <button type="button" onClick={() => setRefusal(null)} className="shrink-0 text-xs font-medium underline underline-offset-2 hover:no-underline">Dismiss</button>
          </div>
        </Alert>
      )}
      {canMove && <MoveGlyphSymbol />}
      <p id={hintId} className="sr-only">Space picks the card up; then the left and right arrows choose a column, Space drops it there and Escape cancels. The Move button lists the columns.</p>
      <div aria-live="polite" className="sr-only" data-testid="board-announcer">{announcement}</div>
      <BoardColumnNav board={boardRef} counts={counts.data?.byStatus} />
      <div ref={boardRef} className="scroll-x -mx-1 px-1 pb-2 [--scroll-x-bg:var(--color-canvas)]" data-testid="issue-board">
        <div className="flex gap-3">
          {issueStatuses.map((status) => (
            <Column
              key={status}
              status={status}
              companyId={companyId}
              prefix={prefix}
              filters={filters}
              initial={initialColumns?.[status] ?? null}
              initialAt={mountedAt}
              total={counts.data?.byStatus[status]}
              maps={maps}
              dragging={moving}
              over={target === status}
              cards={{
                canMove,
                hintId,
                pickedId: picked?.issue.id ?? null,
                focusId,
                onFocused: () => setFocusId(null),
                onKey: onCardKey,
                onMenu: (issue) => { setPicked(null); setMenuFor(issue); },
                onCancel: cancelPick,
              }}
              onDragStart={(issue) => { setPicked(null); setDragging(issue); }}
              onDragEnd={() => { setDragging(null); setOver(null); }}
              onOver={() => setOver(status)}
              onLeave={() => setOver((o) => (o === status ? null : o))}
              onDrop={() => drop(status)}
            />
          ))}
        </div>
      </div>
      <MoveCardDialog
        issue={menuFor}
        onClose={() => setMenuFor(null)}
        onMove={(issue, to) => {
          setMenuFor(null);
          requestMove(issue, to, true);
        }}
      />
    </div>
  );
}


function Column({ status, companyId, prefix, filters, initial, initialAt, total, maps, dragging, over, cards: moves, onDragStart, onDragEnd, onOver, onLeave, onDrop }: {
  status: IssueStatus; companyId: string; prefix: string; filters: IssueFilters; initial: Page<IssueDto> | null; initialAt: number;
  /** the column's true total under the filters; undefined until counted */
  total: number | undefined; maps: DirectoryMaps;
  dragging: IssueDto | null; over: boolean; cards: CardMoves;
  onDragStart: (issue: IssueDto) => void; onDragEnd: () => void; onOver: () => void; onLeave: () => void; onDrop: () => void;
}) {
  const columnFilters = { ...filters, status: [status] };
  const query = useInfiniteQuery({
    queryKey: issueKeys.column(companyId, status, filters),
    queryFn: ({ pageParam }) => fetchIssuePage(companyId, columnFilters, pageParam, pageParam ? ISSUE_PAGE_SIZE : BOARD_FIRST_PAGE_SIZE),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    initialData: initial ? { pages: [initial], pageParams: [null] } : undefined,
    initialDataUpdatedAt: initialAt,
  });
  const cards = query.data?.pages.flatMap((p) => p.items) ?? [];
  const kind = dragging ? moveKind(dragging, status) : "none";
  const label = humanize(status);
  const listRef = useRef<HTMLOListElement>(null);
  const endRef = useRef<HTMLLIElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  // the next page loads as the column's end scrolls within a few cards of view (the Load more
  // button stays, for keyboards and for a browser without IntersectionObserver)
  useEffect(() => {
    const end = endRef.current;
    if (!end || !hasNextPage || isFetchingNextPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
    }, { root: listRef.current, rootMargin: "0px 0px 400px 0px" });
    observer.observe(end);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <section
      aria-label={label}
      data-testid={`board-column-${status}`}
      data-status={status}
      onDragOver={(e: DragEvent) => {
        if (!dragging) return;
        // every column takes the drop, so a refused move can say why
        e.preventDefault();
        e.dataTransfer.dropEffect = "move";
        if (!over) onOver();
      }}
      onDragLeave={(e: DragEvent) => {
        if (over && !e.currentTarget.contains(e.relatedTarget as Node | null)) onLeave();
      }}
      onDrop={(e: DragEvent) => {
        e.preventDefault();
        onDrop();
      }}
      className={cn(
        "flex max-h-[calc(100vh-20rem)] min-h-48 max-w-80 flex-[1_0_13rem] flex-col rounded-lg border transition-colors",
        // one class per property (cn does not merge conflicting ones)
        kind === "legal" && over ? "border-dashed border-indigo-500 bg-indigo-50"
          : kind === "legal" ? "border-dashed border-indigo-300 bg-slate-100/70"
          : kind === "illegal" && over ? "border-red-300 bg-slate-100/70 opacity-60"
          : kind === "illegal" ? "border-slate-200 bg-slate-100/70 opacity-60"
          : "border-slate-200 bg-slate-100/70",
      )}
    >
      <header className="flex items-center gap-2 px-3 pb-2 pt-3">
        <span className={cn("size-2 rounded-full", statusDot[status])} aria-hidden="true" />
        <h2 className="text-sm font-semibold text-slate-800">{label}</h2>
        <span className="text-xs tabular-nums text-slate-500" data-testid="column-count">
          {total !== undefined ? total.toLocaleString("en") : query.data ? `${cards.length}${hasNextPage ? "+" : ""}` : "…"}
        </span>
        {kind === "illegal" && <span className="ml-auto text-xs text-slate-500">Not from {humanize(dragging!.status)}</span>}
      </header>
      <ol ref={listRef} className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto px-2 pb-2 pt-0.5">
        {cards.map((issue) => (
          <li key={issue.id}>
            <BoardCard issue={issue} prefix={prefix} maps={maps} moves={moves} onDragStart={onDragStart} onDragEnd={onDragEnd} />
          </li>
        ))}
        {query.data && cards.length === 0 && <li className="px-1 py-6 text-center text-xs text-slate-400">No issues</li>}
        {query.isError && <li className="px-1 text-xs text-red-600">Loading failed: {query.error.message}</li>}
        {hasNextPage && (
          <li ref={endRef} className="pt-1 text-center">
            <Button size="sm" variant="ghost" onClick={() => fetchNextPage()} pending={isFetchingNextPage}>Load more</Button>
          </li>
        )}
      </ol>
    </section>
  );
}
