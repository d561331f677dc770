import { formatCents } from "@/lib/format";
import { Badge, type BadgeTone } from "@/components/ui/badge";

const tones: Record<string, BadgeTone> = {
  queued: "gray", running: "blue", succeeded: "green", failed: "red", cancelled: "amber", timed_out: "red",
};
const labels: Record<string, string> = {
  queued: "Queued", running: "Running", succeeded: "Succeeded", failed: "Failed", cancelled: "Cancelled", timed_out: "Timed out",
};
const reasons: Record<string, string> = {
  mention: "Mention", assignment: "Assignment", approval: "Approval decided", manual: "Run now", timer: "Timer",
};

export const runStatusText = (status: string) => labels[status] ?? status;

export function RunStatusBadge({ status }: { status: string }) {
  return <Badge tone={tones[status] ?? "gray"} dot pulse={status === "running"}>{labels[status] ?? status}</Badge>;
}

export const wakeReasonLabel = (reason: string | null) => (reason ? reasons[reason] ?? reason : "Unknown");

export function formatDuration(ms: number | null): string {
  if (ms === null) return "—";
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

/** A cost; one Charter priced from its table of model prices (the CLI printed none) reads "≈ $… est.". */
export function CostText({ cents, estimated }: { cents: number; estimated: boolean }) {
  if (!estimated) return <span className="tabular-nums">{formatCents(cents)}</span>;
  return (
    <span className="tabular-nums" title="Estimated: priced by Charter from its table of model prices (the CLI printed tokens but no price)">
      ≈ {formatCents(cents)} <span className="text-[0.6875rem] text-slate-500">est.</span>
    </span>
  );
}

/**
 * Codex prints tokens but no price, so its runs' costs are priced by Charter from its model-price
 * table (cost events marked estimated); Claude Code prints its own total.
 */
export const runCostEstimated = (run: { adapterType: string; costCents: number }) => run.adapterType === "codex_local" && run.costCents > 0;
