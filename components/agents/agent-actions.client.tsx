"use client";

import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { agentKeys, changeAgentStatus, type AgentWithChain, type LifecycleAction } from "@/lib/queries/agents";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog.client";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { useAgentChanged } from "@/components/agents/use-agent-cache";
import { RaiseBudget, isBudgetRefusal } from "@/components/agents/raise-budget.client";

/** Pause, resume and terminate (which asks first: it cannot be undone). */
export function AgentActions({ companyId, agent, prefix }: { companyId: string; agent: AgentWithChain; prefix?: string }) {
  const queryClient = useQueryClient();
  const changed = useAgentChanged(companyId);
  const [confirming, setConfirming] = useState(false);
  const mutation = useMutation({
    mutationFn: (action: LifecycleAction) => changeAgentStatus(agent.id, action),
    onSuccess: async (updated, action) => {
      if (action === "terminate") {
        setConfirming(false);
        void queryClient.invalidateQueries({ queryKey: agentKeys.apiKeys(companyId, agent.id) });
      }
      await changed(updated);
    },
  });

  if (agent.status === "terminated") return null;
  // in error, one way on: Resume (the error notice says why it failed and links the run)
  const canPause = ["idle", "running"].includes(agent.status);
  const canResume = ["paused", "error"].includes(agent.status);
  const running = mutation.isPending ? mutation.variables : null;
  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex gap-2">
        {canPause && <Button onClick={() => mutation.mutate("pause")} pending={running === "pause"} disabled={mutation.isPending}>Pause</Button>}
        {canResume && <Button variant="primary" onClick={() => mutation.mutate("resume")} pending={running === "resume"} disabled={mutation.isPending}>Resume</Button>}
        <Button variant="danger" onClick={() => { mutation.reset(); setConfirming(true); }} disabled={mutation.isPending}>Terminate</Button>
      </div>
      {!confirming && isBudgetRefusal(mutation.error) ? (
        <RaiseBudget agent={agent} error={mutation.error} prefix={prefix} onDone={async (updated) => { mutation.reset(); await changed(updated); }} />
      ) : (
        !confirming && <ApiErrorAlert error={mutation.error} className="max-w-sm" />
      )}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => mutation.mutate("terminate")}
        pending={running === "terminate"}
        error={mutation.error?.message}
        title={`Terminate ${agent.name}?`}
        confirmLabel="Terminate agent"
      >
        <p>This cannot be undone. The agent stops for good:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>its API keys are revoked;</li>
          <li>its issues are unassigned, and work in progress goes back to todo;</li>
          <li>its direct reports move up to its own manager.</li>
        </ul>
      </ConfirmDialog>
    </div>
  );
}
