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
