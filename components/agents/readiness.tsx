// "cannot run: <why>": an agent whose adapter lacks what a run needs (lib/services/agents/readiness.ts).
import { cn } from "@/lib/cn";

interface Readiness {
  ok: boolean;
  reason: string | null;
}

/** Nothing for a ready agent or a terminated one (it runs nothing anyway). */
export function CannotRun({ readiness, status, className }: { readiness: Readiness; status?: string; className?: string }) {
  if (readiness.ok || status === "terminated") return null;
  const text = `cannot run: ${readiness.reason ?? "its adapter is not set up"}`;
  return <span data-testid="cannot-run" title={text} className={cn("block truncate text-xs font-medium text-red-700", className)}>{text}</span>;
}
