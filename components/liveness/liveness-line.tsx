import { formatTime } from "@/lib/format";
import { describeStall } from "@/lib/dto/stall-sentence";
import type { Liveness } from "@/lib/schemas/liveness";

/** The reason in a few words, for filter chips. */
export const stallReasonLabel = (reason: string) => reason.charAt(0).toUpperCase() + reason.slice(1).replace(/_/g, " ");

/** "Not moving since 14:02: Mara Quinn is paused over budget"; null when the issue is moving. */
export function livenessSentence(l: Liveness | null | undefined): string | null {
  if (!l || l.state !== "stalled" || !l.reason) return null;
  const why = describeStall({ reason: l.reason, since: l.since, facts: l.facts });
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
