"use client";

// Tells screen-reader users, politely, of the live changes that matter while they are on a page:
// a new approval waiting for the board (on any page of the company), and a heartbeat finishing on
// the pages that show it (its own page and its agent's). Sighted users see the same through the
// badges and lists that the live events refresh.
import { useEffect, useState } from "react";
import { usePathname } from "next/navigation";
import { apiGet } from "@/lib/queries/fetcher";
import type { ApprovalDto } from "@/lib/dto/approvals";
import { LIVE_EVENT, type LiveChange } from "@/components/live/live-events.client";
import { runStatusText } from "@/components/runs/run-badges";

interface RunRef {
  id: string;
  agentId: string;
  status: string;
}

interface AgentRef {
  name: string;
  urlKey: string;
}

async function approvalMessage(id: string): Promise<string> {
  const approval = await apiGet<ApprovalDto>(`/api/approvals/${id}`);
  const name = typeof approval.payload.name === "string" ? approval.payload.name : null;
  const what = approval.type === "hire_agent" ? `hire ${name ?? "an agent"}` : approval.type === "approve_ceo_strategy" ? "the CEO's strategy" : approval.type;
  return `New approval waiting: ${what}`;
}

async function runMessage(id: string, pathname: string): Promise<string | null> {
  const run = await apiGet<RunRef>(`/api/heartbeat-runs/${id}`);
  const agent = await apiGet<AgentRef>(`/api/agents/${run.agentId}`);
  const shown = pathname.endsWith(`/runs/${run.id}`) || pathname.endsWith(`/agents/${agent.urlKey}`);
  return shown ? `Heartbeat of ${agent.name}: ${runStatusText(run.status).toLowerCase()}` : null;
}

export function LiveAnnouncer() {
  const pathname = usePathname();
  const [message, setMessage] = useState("");
  useEffect(() => {
    const onChange = (e: Event) => {
      const change = (e as CustomEvent<LiveChange>).detail;
      const said =
        change.action === "approval.created" ? approvalMessage(change.entityId)
        : change.action === "run.finished" ? runMessage(change.entityId, pathname)
        : null;
      // a change this user may not read (or one already gone) is simply not announced
      said?.then((text) => text && setMessage(text), () => undefined);
    };
    window.addEventListener(LIVE_EVENT, onChange);
    return () => window.removeEventListener(LIVE_EVENT, onChange);
  }, [pathname]);
  return <div role="status" aria-live="polite" className="sr-only" data-testid="live-announcer">{message}</div>;
}
