"use client";

// An agent's status badge that follows the company's live events (a heartbeat starting or ending
// changes it), for pages that name an agent, such as an issue's assignee.
import { useQuery } from "@tanstack/react-query";
import { agentKeys, fetchAgent } from "@/lib/queries/agents";
import { AgentStatusBadge } from "@/components/agents/status-badge";

export function AgentLiveStatus({ companyId, agentId }: { companyId: string; agentId: string }) {
  const { data } = useQuery({ queryKey: agentKeys.detail(companyId, agentId), queryFn: () => fetchAgent(agentId) });
  if (!data) return null;
  return (
    <span data-testid="assignee-live-status" className="mt-1.5 inline-flex">
      <AgentStatusBadge status={data.status} pauseReason={data.pauseReason} />
    </span>
  );
}
