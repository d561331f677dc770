"use client";

import { useEffect, useState, type RefObject } from "react";
import { issueStatuses, type IssueStatus } from "@/lib/issue-status";
import { humanize } from "@/lib/format";
import { cn } from "@/lib/cn";
import { statusDot } from "@/components/issues/issue-badges";

/**
 * Above the kanban: every column with its count, the ones out of view marked. Seven columns do not fit
 * beside the side bar on a laptop (1440 px shows five), and the board's own scroll bar can sit below the
 * fold: a column out of view is one click away here, and the board scrolls sideways to show it.
 */
export function BoardColumnNav({ board, counts }: { board: RefObject<HTMLDivElement | null>; counts: Partial<Record<IssueStatus, number>> | undefined }) {
  // the columns not wholly in view, and on which side of the box they are
  const [hidden, setHidden] = useState<ReadonlyMap<IssueStatus, "left" | "right">>(new Map());
  useEffect(() => {
    const root = board.current;
    if (!root || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      setHidden((before) => {
        const next = new Map(before);
        for (const e of entries) {
          const status = (e.target as HTMLElement).dataset.status as IssueStatus;
          if (e.intersectionRatio >= 0.95) next.delete(status);
          else next.set(status, e.boundingClientRect.left < (e.rootBounds?.left ?? 0) ? "left" : "right");
        }
        return next;
      });
    }, { root, threshold: [0, 0.95] });
    root.querySelectorAll("[data-status]").forEach((column) => observer.observe(column));
    return () => observer.disconnect();
  }, [board]);

  const show = (status: IssueStatus) => {
    const reduce = matchMedia("(prefers-reduced-motion: reduce)").matches;
    board.current?.querySelector(`[data-status="${status}"]`)?.scrollIntoView({ inline: "nearest", block: "nearest", behavior: reduce ? "auto" : "smooth" });
  };

  return (
    <nav aria-label="Board columns" className="flex flex-wrap items-center gap-1.5" data-testid="board-column-nav">
      {issueStatuses.map((status) => {
        const out = hidden.get(status);
        const count = counts?.[status];
        return (
          <button
            key={status}
            type="button"
            onClick={() => show(status)}
            data-in-view={!out}
            className={cn(
              "inline-flex min-h-7 items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium transition-colors",
              out ? "border-dashed border-line-strong text-fg-muted hover:bg-surface-hover hover:text-fg" : "border-line bg-surface text-fg",
            )}
          >
            <span className={cn("size-1.5 rounded-full", statusDot[status])} aria-hidden="true" />
            {/* the name is the visible words (a label of its own would differ from them: axe's label-content-name-mismatch) */}
            {humanize(status)}
            {count !== undefined && <span className="tabular-nums text-fg-subtle"> {count.toLocaleString("en")}</span>}
            {out && <span className="sr-only"> (out of view: scroll to it)</span>}
            {out && <span aria-hidden="true">{out === "left" ? "←" : "→"}</span>}
          </button>
        );
      })}
    </nav>
  );
}
