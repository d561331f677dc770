import { formatTime } from "@/lib/format";

/** `liveness` of an issue DTO: no `reason` = the issue is moving. */
export type Liveness = {
  state: "moving" | "stalled";
  reason?: string;
  since?: string;
  facts?: { agentName?: string; blockerIdentifiers?: string[]; lastError?: string; limitSec?: number; wakesLastHour?: number };
};

const who = (l: Liveness) => l.facts?.agentName ?? "The agent";

// Until the api branch's describeStall lands on main, the board words each reason here (the lead swaps it in).
const sentences: Record<string, (l: Liveness) => string> = {
  agent_paused: (l) => `${who(l)} is paused`,
  agent_terminated: (l) => `${who(l)} is terminated`,
  agent_over_budget: (l) => `${who(l)} is paused over budget`,
  agent_pending_approval: (l) => `${who(l)} is waiting for its hire to be approved`,
  agent_unconfigured: (l) => `${who(l)} has no usable adapter configuration`,
  wake_failed: (l) => `${who(l)} could not be started${l.facts?.lastError ? ` (${l.facts.lastError})` : ""}`,
  retries_exhausted: (l) => `its runs keep failing and the retries are spent${l.facts?.lastError ? ` (${l.facts.lastError})` : ""}`,
  run_silent: (l) => `the run of ${who(l)} has been silent too long`,
  stale_checkout: (l) => `${who(l)} checked it out but is not working on it`,
  blocker_finished: (l) => `its blockers ${l.facts?.blockerIdentifiers?.join(", ") ?? ""} are finished`.replace("  ", " "),
  blocked_without_reason: () => "it is blocked with neither a blocker nor a comment saying why",
  wake_lost: (l) => `${who(l)} was never woken for it`,
  waiting_on_approval: () => "it waits on an approval",
  waiting_on_question: () => "it waits on a question",
  no_reviewer: () => "it is in review and nobody can review it",
  wake_loop: (l) => `${who(l)} was woken for it too often${l.facts?.wakesLastHour ? ` (${l.facts.wakesLastHour} times in an hour)` : ""}`,
  company_paused: () => "the company is paused",
};

/** The reason in a few words, for filter chips. */
export const stallReasonLabel = (reason: string) => reason.charAt(0).toUpperCase() + reason.slice(1).replace(/_/g, " ");

/** "Not moving since 14:02: Mara Quinn is paused over budget"; null when the issue is moving. */
export function livenessSentence(l: Liveness | null | undefined): string | null {
  if (!l || l.state !== "stalled" || !l.reason) return null;
  const why = (sentences[l.reason] ?? (() => stallReasonLabel(l.reason!).toLowerCase()))(l);
  return l.since ? `Not moving since ${formatTime(l.since)}: ${why}` : `Not moving: ${why}`;
}

/** The one plain line on the issue page. */
export function LivenessLine({ liveness }: { liveness: Liveness | null | undefined }) {
  const line = livenessSentence(liveness);
  if (!line) return null;
  return (
    <p role="status" data-testid="liveness-line" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {line}
    </p>
  );
}

/** The small badge on an issue row or card, the sentence in its tooltip. */
export function LivenessBadge({ liveness }: { liveness: Liveness | null | undefined }) {
  const line = livenessSentence(liveness);
  if (!line) return null;
  return (
    <span title={line} data-testid="liveness-badge" className="inline-flex shrink-0 items-center rounded-full bg-amber-100 px-1.5 py-0.5 text-[11px] font-medium text-amber-900">
      Not moving<span className="sr-only">: {line}</span>
    </span>
  );
}
