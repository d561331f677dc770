"use client";

import { LivenessBadge } from "@/components/liveness/liveness-line.client";
import Link from "next/link";
import { useEffect, useRef, type KeyboardEvent } from "react";
import type { IssueDto } from "@/lib/queries/issues";
import { humanize } from "@/lib/format";
import { cn } from "@/lib/cn";
import { PriorityLabel } from "@/components/issues/issue-badges";
import { Assignee } from "@/components/issues/assignee";
import type { DirectoryMaps } from "@/components/issues/directory";

/** What every card of the board shares for moves without a mouse. */
export interface CardMoves {
  canMove: boolean;
  hintId: string;
  pickedId: string | null;
  focusId: string | null;
  onFocused: () => void;
  onKey: (e: KeyboardEvent<HTMLElement>, issue: IssueDto) => void;
  onMenu: (issue: IssueDto) => void;
  onCancel: (issue: IssueDto) => void;
}

export function BoardCard({ issue, prefix, maps, moves, onDragStart, onDragEnd }: {
  issue: IssueDto; prefix: string; maps: DirectoryMaps; moves: CardMoves; onDragStart: (issue: IssueDto) => void; onDragEnd: () => void;
}) {
  const href = `/${prefix}/issues/${issue.identifier}`;
  const ref = useRef<HTMLDivElement>(null);
  const picked = moves.pickedId === issue.id;
  const focus = moves.focusId === issue.id;
  const { onFocused } = moves;
  useEffect(() => {
    if (!focus) return;
    ref.current?.focus();
    onFocused();
  }, [focus, onFocused]);

  return (
    <div
      ref={ref}
      draggable={moves.canMove}
      tabIndex={moves.canMove ? 0 : undefined}
      aria-roledescription={moves.canMove ? "movable card" : "card"}
      aria-label={`${issue.identifier} ${issue.title}, ${humanize(issue.status)}`}
      aria-describedby={moves.canMove ? moves.hintId : undefined}
      role="group"
      data-testid="board-card"
      data-identifier={issue.identifier}
      onKeyDown={moves.canMove ? (e) => moves.onKey(e, issue) : undefined}
      onBlur={(e) => {
        if (picked && !e.currentTarget.contains(e.relatedTarget as Node | null)) moves.onCancel(issue);
      }}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = "move";
        e.dataTransfer.setData("text/plain", issue.identifier);
        onDragStart(issue);
      }}
      onDragEnd={onDragEnd}
      className={cn(
        "relative rounded-md border border-slate-200 bg-white p-3 shadow-xs transition-shadow hover:border-slate-300 hover:shadow-sm",
        moves.canMove && "cursor-grab active:cursor-grabbing",
        "focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500",
        picked && "rotate-1 border-indigo-400 shadow-md ring-2 ring-indigo-500",
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <Link href={href} draggable={false} className="font-mono text-xs text-slate-500 hover:text-indigo-700">{issue.identifier}</Link>
        <span className="flex items-center gap-1">
          <LivenessBadge liveness={issue.liveness} />
          <PriorityLabel priority={issue.priority} compact />
          {moves.canMove && <button
            type="button"
            onClick={() => moves.onMenu(issue)}
            aria-label={`Move ${issue.identifier}`}
            className="-my-1 -mr-1.5 rounded p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            <MoveGlyph />
          </button>}
        </span>
      </div>
      <Link href={href} draggable={false} className="mt-1 line-clamp-2 block text-sm font-medium text-slate-900 hover:text-indigo-700">{issue.title}</Link>
      <div className="mt-2 flex min-w-0 text-xs text-slate-600">
        <Assignee agent={issue.assigneeAgentId ? maps.agent.get(issue.assigneeAgentId) : undefined} prefix={prefix} link={false} className="max-w-full" />
      </div>
    </div>
  );
}

// The Move glyph is drawn once per board and referenced by every card: a board of 350 cards is
// server-rendered HTML, and each byte per card counts 350 times.
const MOVE_GLYPH_ID = "board-move-glyph";

export function MoveGlyphSymbol() {
  return (
    <svg className="absolute size-0 overflow-hidden" aria-hidden="true">
      <symbol id={MOVE_GLYPH_ID} viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round">
        <path d="M3 10h14M13 6l4 4-4 4M7 6 3 10l4 4" />
      </symbol>
    </svg>
  );
}

const MoveGlyph = () => <svg className="size-3.5" aria-hidden="true"><use href={`#${MOVE_GLYPH_ID}`} /></svg>;
