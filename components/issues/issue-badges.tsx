import { Badge, type BadgeTone } from "@/components/ui/badge";
import { humanize } from "@/lib/format";
import { cn } from "@/lib/cn";

const statusTones: Record<string, BadgeTone> = {
  backlog: "gray", todo: "indigo", in_progress: "blue", in_review: "violet", blocked: "red", done: "green", cancelled: "gray",
};

export function IssueStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge tone={statusTones[status] ?? "gray"} dot className={cn(status === "cancelled" && "text-slate-500", className)}>
      {humanize(status)}
    </Badge>
  );
}

/** The dot colour of a status, for column headers. */
export const statusDot: Record<string, string> = {
  backlog: "bg-slate-400", todo: "bg-indigo-500", in_progress: "bg-sky-500", in_review: "bg-violet-500", blocked: "bg-red-500", done: "bg-emerald-500", cancelled: "bg-slate-300",
};

const priorityStyle: Record<string, { bars: number; color: string }> = {
  critical: { bars: 4, color: "text-red-600" },
  high: { bars: 3, color: "text-amber-700" },
  medium: { bars: 2, color: "text-slate-600" },
  low: { bars: 1, color: "text-slate-400" },
};

/** Signal bars (one to four) and the word; `compact` shows the bars alone, with the word as a tooltip. */
export function PriorityLabel({ priority, compact = false, className }: { priority: string; compact?: boolean; className?: string }) {
  const p = priorityStyle[priority] ?? priorityStyle.medium;
  return (
    <span className={cn("inline-flex items-center gap-1.5 whitespace-nowrap text-xs font-medium", p.color, className)} title={compact ? `${humanize(priority)} priority` : undefined}>
      <svg viewBox="0 0 16 16" className="size-3.5 shrink-0" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <rect key={i} x={1 + i * 3.75} y={11 - i * 3} width="2.5" height={4 + i * 3} rx="0.75" fill="currentColor" opacity={i < p.bars ? 1 : 0.2} />
        ))}
      </svg>
      {compact ? <span className="sr-only">{humanize(priority)} priority</span> : humanize(priority)}
    </span>
  );
}
