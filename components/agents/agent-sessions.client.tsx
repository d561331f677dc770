"use client";

// The coding CLI's sessions of a claude_local or codex_local agent: its policy (one session per
// issue, resumed on the next wake for that issue, or a fresh one every wake), and "Reset sessions",
// which forgets every stored session so that the next wake on each issue starts from scratch.
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { resetAgentSessions } from "@/lib/queries/runs";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog.client";

export const sessionAdapters = new Set(["claude_local", "codex_local"]);

const policies: Record<string, { label: string; text: string }> = {
  per_issue: { label: "One session per issue", text: "Each issue's CLI session is resumed on the agent's next wake for that issue; a wake for another issue starts fresh." },
  fresh: { label: "Fresh every wake", text: "Every wake starts a new CLI session; nothing is resumed." },
};

function sessionPolicyOf(adapterConfig: Record<string, unknown>): string {
  const policy = adapterConfig.sessionPolicy;
  return typeof policy === "string" ? policy : "per_issue";
}

export function AgentSessions({ agentId, agentName, adapterConfig, canReset }: {
  agentId: string; agentName: string; adapterConfig: Record<string, unknown>; canReset: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation({
    mutationFn: () => resetAgentSessions(agentId),
    onSuccess: () => setConfirming(false),
  });
  const policy = sessionPolicyOf(adapterConfig);
  const known = policies[policy];
  return (
    <div className="flex flex-wrap items-start justify-between gap-3" data-testid="agent-sessions">
      <div className="min-w-0 flex-1 basis-64">
        <h3 className="text-xs font-medium uppercase tracking-wide text-slate-500">Sessions</h3>
        <p className="mt-1 text-sm text-slate-800">
          <span className="font-medium" data-testid="session-policy">{known?.label ?? policy}</span>
          <span className="ml-1.5 font-mono text-xs text-slate-400">sessionPolicy: {policy}</span>
        </p>
        {known && <p className="mt-0.5 text-sm text-slate-500">{known.text}</p>}
        {reset.isSuccess && !confirming && (
          <p className="mt-1.5 text-sm text-emerald-700" role="status">Sessions reset: the next wake on every issue starts a fresh session.</p>
        )}
      </div>
      {canReset && (
        <Button size="sm" onClick={() => { reset.reset(); setConfirming(true); }}>Reset sessions</Button>
      )}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => reset.mutate()}
        pending={reset.isPending}
        error={reset.error?.message}
        title={`Reset ${agentName}'s sessions?`}
        confirmLabel="Reset sessions"
      >
        <p>
          Charter forgets the CLI session it keeps for each of this agent&apos;s issues. The next wake on any issue starts
          a fresh session: the agent re-reads what it needs through the API, without its earlier conversation.
        </p>
      </ConfirmDialog>
    </div>
  );
}
