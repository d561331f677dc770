"use client";

import { issueStatuses, type IssueStatus } from "@/lib/issue-status";
import type { IssueDto } from "@/lib/queries/issues";
import { humanize } from "@/lib/format";
import { cn } from "@/lib/cn";
import { Dialog } from "@/components/ui/dialog.client";
import { statusDot } from "@/components/issues/issue-badges";
import { illegalHint, moveKind } from "@/components/issues/board-moves";

/**
 * "Move to…" for a card without dragging (touch screens, keyboards, switch access): every column,
 * the current one marked. A move the table does not allow is still offered, as a drop there is:
 * the API refuses it and the board shows its reason.
 */
export function MoveCardDialog({ issue, onClose, onMove }: { issue: IssueDto | null; onClose: () => void; onMove: (issue: IssueDto, to: IssueStatus) => void }) {
  return (
    <Dialog open={issue !== null} onClose={onClose} title={issue ? `Move ${issue.identifier}` : "Move"} description={issue?.title} className="max-w-sm">
      {issue && (
        <ul className="space-y-1" aria-label="Columns">
          {issueStatuses.map((to) => {
            const kind = moveKind(issue, to);
            return (
              <li key={to}>
                <button
                  type="button"
                  disabled={kind === "none"}
                  aria-current={kind === "none" ? "true" : undefined}
                  onClick={() => onMove(issue, to)}
                  className={cn(
                    "flex w-full items-center gap-2.5 rounded-md px-3 py-2.5 text-left text-sm ring-1 ring-inset transition-colors",
                    "focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600",
                    kind === "legal" && "font-medium text-slate-900 ring-slate-200 hover:bg-indigo-50 hover:ring-indigo-300",
                    kind === "illegal" && "text-slate-500 ring-slate-100 hover:bg-slate-50",
                    kind === "none" && "cursor-default bg-slate-50 text-slate-500 ring-slate-100",
                  )}
                >
                  <span className={cn("size-2 shrink-0 rounded-full", statusDot[to])} aria-hidden="true" />
                  {humanize(to)}
                  <span className="ml-auto text-xs font-normal text-slate-400">
                    {kind === "none" ? "current" : kind === "illegal" ? illegalHint(issue, to) : null}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}
