import Link from "next/link";
import { cn } from "@/lib/cn";
import { AgentAvatar } from "@/components/agents/agent-icon";
import type { AgentRef } from "@/components/issues/directory";

/** An issue's assignee as avatar and name (linked to the agent), or a quiet "Unassigned". */
export function Assignee({ agent, userName, prefix, link = true, className }: {
  agent: AgentRef | undefined; userName?: string; prefix: string; link?: boolean; className?: string;
}) {
  if (!agent) {
    return <span className={cn("text-slate-400", className)}>{userName ?? "Unassigned"}</span>;
  }
  const body = (
    <>
      <AgentAvatar icon={agent.icon} role={agent.role} size="xs" />
      <span className="truncate">{agent.name}</span>
    </>
  );
  // max-w-full: inside running text a long name is cut short instead of widening the line past the page
  const classes = cn("inline-flex min-w-0 items-center gap-1.5 align-middle", !className?.includes("max-w-") && "max-w-full", className);
  return link ? (
    <Link href={`/${prefix}/agents/${agent.urlKey}`} draggable={false} className={cn(classes, "hover:text-indigo-700 hover:underline")}>{body}</Link>
  ) : (
    <span className={classes}>{body}</span>
  );
}
