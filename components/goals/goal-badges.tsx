import { Badge, type BadgeTone } from "@/components/ui/badge";
import { humanize } from "@/lib/format";

const tones: Record<string, BadgeTone> = { planned: "indigo", active: "green", achieved: "blue", cancelled: "gray" };

export function GoalStatusBadge({ status }: { status: string }) {
  return <Badge tone={tones[status] ?? "gray"} dot>{humanize(status)}</Badge>;
}

/** company > team > agent > task, as a quiet tag */
export function GoalLevel({ level }: { level: string }) {
  return <span className="rounded bg-slate-100 px-1.5 py-0.5 text-[0.6875rem] font-medium uppercase tracking-wide text-slate-500">{level}</span>;
}
