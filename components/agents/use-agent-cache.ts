"use client";

import { useQueryClient } from "@tanstack/react-query";
import { agentKeys, type AgentWithChain } from "@/lib/queries/agents";
import { activityKeys } from "@/lib/queries/activity";

/** After a change to one agent: show the answer at once, then refresh the lists that show it. */
export function useAgentChanged(companyId: string) {
  const queryClient = useQueryClient();
  return async (agent: AgentWithChain) => {
    queryClient.setQueryData(agentKeys.detail(companyId, agent.id), agent);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: agentKeys.list(companyId) }),
      queryClient.invalidateQueries({ queryKey: agentKeys.revisions(companyId, agent.id) }),
      // a rollback may restore an older instructions bundle
      queryClient.invalidateQueries({ queryKey: agentKeys.instructions(companyId, agent.id) }),
      queryClient.invalidateQueries({ queryKey: activityKeys.all(companyId) }),
    ]);
  };
}
