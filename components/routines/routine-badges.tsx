import Link from "next/link";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { RoutineRunDto, RunIssueRef } from "@/lib/queries/routines";

const runTones: Record<string, BadgeTone> = {
  issue_created: "blue", coalesced: "violet", completed: "green", failed: "red", skipped: "gray",
};
const runLabels: Record<string, string> = {
  issue_created: "Issue created", coalesced: "Coalesced", completed: "Completed", failed: "Failed", skipped: "Skipped",
};

/** Why a fire was skipped, in words a board member acts on. */
export const skipReasonWords: Record<string, string> = {
  paused: "the routine was paused",
  assignee_paused: "its agent was paused or not running",
  active_issue: "its previous issue was still open",
  missed_window: "no Charter instance was running at that time",
};

export const sourceLabels: Record<string, string> = { schedule: "Schedule", webhook: "Webhook", api: "Run now / API" };

export function RunOutcomeBadge({ run }: { run: Pick<RoutineRunDto, "status" | "reason"> }) {
  // a skip that needs someone's attention reads amber; the ordinary "still busy" skip stays grey
  const tone = run.status === "skipped" && run.reason && run.reason !== "active_issue" && run.reason !== "paused" ? "amber" : runTones[run.status] ?? "gray";
  return <Badge tone={tone} dot>{runLabels[run.status] ?? run.status}</Badge>;
}

export function RoutineStatusBadge({ status }: { status: string }) {
  return status === "active" ? <Badge tone="green" dot>Active</Badge> : <Badge tone="amber" dot>Paused</Badge>;
}

/** The issue a run created or was recorded against: its identifier when known, else a plain link by id. */
export function RunIssueLink({ prefix, run, issue, compact = false }: { prefix: string; run: RoutineRunDto; issue?: RunIssueRef; compact?: boolean }) {
  if (!run.issueId) return compact ? null : <span className="text-fg-subtle">—</span>;
  return (
    <Link href={`/${prefix}/issues/${issue?.identifier ?? run.issueId}`} className={`${issue ? "font-mono " : ""}text-xs font-medium text-link hover:underline`} title={issue?.title}>
      {issue?.identifier ?? "Open issue"}
    </Link>
  );
}
