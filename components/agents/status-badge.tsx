import { Badge, type BadgeTone } from "@/components/ui/badge";
import { statusLabels } from "@/lib/format";

const tones: Record<string, BadgeTone> = {
  idle: "green", running: "blue", paused: "amber", error: "red", pending_approval: "violet", terminated: "gray",
};

export function pauseReasonText(reason: string | null): string | null {
  if (reason === "board") return "Paused by the board";
  if (reason === "budget") return "Paused: monthly budget reached";
  if (reason === "loop") return "Paused: wake loop stopped";
  return null;
}

export function AgentStatusBadge({ status, pauseReason }: { status: string; pauseReason?: string | null }) {
  const label = status === "paused" && pauseReason === "budget" ? "Paused · budget"
    : status === "paused" && pauseReason === "loop" ? "Paused · loop" : statusLabels[status] ?? status;
  return (
    <Badge tone={tones[status] ?? "gray"} dot pulse={status === "running"} title={pauseReasonText(pauseReason ?? null) ?? undefined}>
      {label}
    </Badge>
  );
}
