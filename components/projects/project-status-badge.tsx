import { Badge, type BadgeTone } from "@/components/ui/badge";
import { humanize } from "@/lib/format";

const tones: Record<string, BadgeTone> = { backlog: "gray", planned: "indigo", active: "green", paused: "amber", completed: "blue", cancelled: "gray" };

export function ProjectStatusBadge({ status }: { status: string }) {
  return <Badge tone={tones[status] ?? "gray"} dot>{humanize(status)}</Badge>;
}
