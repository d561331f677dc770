import type { InboxItemKind } from "@/lib/schemas/inbox";

export const kindLabels: Record<InboxItemKind, string> = {
  question: "Question",
  approval: "Approval",
  run_failed: "Failed run",
  issue_blocked: "Blocked",
  issue_assigned: "Assigned to you",
  mention: "Mention",
  agent_paused: "Paused agent",
  routine_run: "Routine",
  workspace_error: "Workspace",
  workspace_kept: "Work kept",
  verification_failed: "Verification failed",
  review_escalated: "Review stuck",
  webhook_disabled: "Webhook",
  stalled: "Not moving",
};

export const kindTones: Record<InboxItemKind, string> = {
  question: "bg-indigo-50 text-indigo-700",
  approval: "bg-amber-50 text-amber-800",
  run_failed: "bg-red-50 text-red-700",
  issue_blocked: "bg-orange-50 text-orange-700",
  issue_assigned: "bg-sky-50 text-sky-700",
  mention: "bg-violet-50 text-violet-700",
  agent_paused: "bg-slate-100 text-slate-700",
  routine_run: "bg-amber-50 text-amber-800",
  workspace_error: "bg-red-50 text-red-700",
  workspace_kept: "bg-amber-50 text-amber-800",
  verification_failed: "bg-red-50 text-red-700",
  review_escalated: "bg-orange-50 text-orange-700",
  webhook_disabled: "bg-red-50 text-red-700",
  stalled: "bg-orange-50 text-orange-700",
};

const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [["day", 86_400], ["hour", 3_600], ["minute", 60]];
const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto", style: "short" });

/** "5 min. ago", "yesterday": how long the item has waited; the exact time on hover. */
export function RelativeTime({ iso, title, now = Date.now() }: { iso: string; title: string; now?: number }) {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const [unit, size] = units.find(([, s]) => Math.abs(seconds) >= s) ?? ["minute", 60];
  const text = Math.abs(seconds) < 60 ? "just now" : rtf.format(Math.round(seconds / size), unit);
  return <time dateTime={iso} title={title} className="whitespace-nowrap text-xs tabular-nums text-slate-400" suppressHydrationWarning>{text}</time>;
}
