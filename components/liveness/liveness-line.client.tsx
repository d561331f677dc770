"use client";

import { useSyncExternalStore } from "react";
import { formatMoment } from "@/lib/format";
import { describeStall } from "@/lib/dto/stall-sentence";
import type { Liveness } from "@/lib/schemas/liveness";

/** The reason in a few words, for filter chips. */
export const stallReasonLabel = (reason: string) => reason.charAt(0).toUpperCase() + reason.slice(1).replace(/_/g, " ");

const browserZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
};
const never = () => () => {};

/** The viewer's time zone: UTC on the server's render and at hydration, then the browser's own. */
export function useViewerZone(): string {
  return useSyncExternalStore(never, browserZone, () => "UTC");
}

/**
 * "Not moving since 14:02: Mara Quinn is paused over budget" (the date too when not today, in `zone`;
 * "UTC" said when that is the zone); null when the issue is moving.
 */
export function livenessSentence(l: Liveness | null | undefined, zone = "UTC", now = new Date()): string | null {
  if (!l || l.state !== "stalled" || !l.reason) return null;
  const why = describeStall({ reason: l.reason, since: l.since, facts: l.facts });
  if (!l.since) return `Not moving: ${why}`;
  return `Not moving since ${formatMoment(l.since, zone, now)}${zone === "UTC" ? " UTC" : ""}: ${why}`;
}

/** The one plain line on the issue page. */
export function LivenessLine({ liveness }: { liveness: Liveness | null | undefined }) {
  const line = livenessSentence(liveness, useViewerZone());
  if (!line) return null;
  return (
    <p role="status" data-testid="liveness-line" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {line}
    </p>
  );
}

/** The liveness line of an issue row or card, compact: a badge (with the reason where there is room), the sentence in its tooltip. */
export function LivenessBadge({ liveness, showReason = false }: { liveness: Liveness | null | undefined; showReason?: boolean }) {
  const line = livenessSentence(liveness, useViewerZone());
  if (!line || !liveness?.reason) return null;
  return (
    <span title={line} data-testid="liveness-badge" className="inline-flex shrink-0 items-center rounded-full bg-amber-100 px-1.5 py-0.5 text-[11px] font-medium text-amber-900">
      Not moving
      {showReason && <span aria-hidden className="hidden font-normal lg:inline">&nbsp;· {stallReasonLabel(liveness.reason).toLowerCase()}</span>}
      <span className="sr-only">: {line}</span>
    </span>
  );
}
