// The plain sentence of a stall: the board shows "Not moving since 14:02: <sentence>", the time in the
// viewer's zone (the UI renders it), the sentence from here. Pure, with type-only imports, so the
// issue page, the "Not moving" view, the inbox and an email all say the same thing.
import type { StallReason } from "@/lib/generated/prisma/enums";
import type { StallFacts } from "@/lib/schemas/liveness";

export interface StallSummary { reason: StallReason | string; since?: Date | string | null; facts?: StallFacts | null }

/** "90 s", "15 min", "2 h", "1 d 6 h": a limit as a person reads it. */
export function describeLimit(sec: number): string {
  if (sec < 120) return `${Math.round(sec)} s`;
  if (sec < 7200) return `${Math.round(sec / 60)} min`;
  if (sec < 172_800) return `${Math.round(sec / 3600)} h`;
  const days = Math.floor(sec / 86_400);
  const hours = Math.round((sec % 86_400) / 3600);
  return hours ? `${days} d ${hours} h` : `${days} d`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const withError = (s: string, f: StallFacts) => (f.lastError ? `${s} (last error: ${clip(f.lastError)})` : s);
const clip = (s: string) => (s.length > 160 ? `${s.slice(0, 159)}…` : s);
const over = (f: StallFacts) => (f.limitSec ? ` for over ${describeLimit(f.limitSec)}` : "");
const blockers = (f: StallFacts) => (f.blockerIdentifiers?.length ? f.blockerIdentifiers.join(", ") : f.blockerIssueIds?.length ? plural(f.blockerIssueIds.length, "issue", "issues") : "its blockers");

const sentences: Record<StallReason, (agent: string, f: StallFacts) => string> = {
  company_paused: () => "the company is paused",
  agent_paused: (a) => `${a} is paused`,
  agent_terminated: (a) => `${a} was terminated; reassign the issue`,
  agent_over_budget: (a, f) => (f.budgetScope === "company" ? `${a} is paused: the company is over budget` : `${a} is paused over budget`),
  agent_pending_approval: (a) => `${a} waits for the board to approve the hire`,
  agent_unconfigured: (a) => `${a} has no usable adapter configuration`,
  wake_failed: (a, f) => withError(`${a}'s last wakes failed to start`, f),
  retries_exhausted: (a, f) => withError(`${f.failedRuns ? plural(f.failedRuns, "run", "runs") : "the last runs"} by ${a} failed and the retry budget is spent`, f),
  run_silent: (a, f) => `${a}'s run has been silent${over(f)}`,
  stale_checkout: (a, f) => `checked out by ${a} with no run in flight and no activity${over(f)}`,
  blocker_finished: (_a, f) => `blocked by ${blockers(f)}, all finished`,
  blocked_without_reason: () => "blocked with no blocker and no comment saying why",
  wake_lost: (a) => `assigned to ${a}, but no wake is pending or running for it`,
  waiting_on_approval: (_a, f) => `waiting on an approval${over(f)}`,
  waiting_on_question: (_a, f) => `waiting on an answer to a question${over(f)}`,
  no_reviewer: () => "in review with nobody who can review it",
  wake_loop: (a, f) => `${a} was woken ${f.wakesLastHour ? `${f.wakesLastHour} times` : "too often"} in the last hour: the wake cap is reached`,
};

/** The part after "Not moving since 14:02: ", e.g. "Mara Quinn is paused over budget". */
export function describeStall(stall: StallSummary): string {
  const facts = stall.facts ?? {};
  const sentence = sentences[stall.reason as StallReason];
  return sentence ? sentence(facts.agentName || "its agent", facts) : `not moving (${stall.reason})`;
}
