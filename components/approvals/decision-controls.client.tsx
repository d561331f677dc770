"use client";

import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApprovalDto } from "@/lib/dto/approvals";
import { approvalKeys, approveHire, decideApproval, type Decision } from "@/lib/queries/approvals";
import { agentKeys } from "@/lib/queries/agents";
import { inboxKeys } from "@/lib/queries/inbox";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/input";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { ApproveHireDialog, type HireConfig } from "@/components/approvals/approve-hire.client";

const labels: Record<Decision, string> = { approve: "Approve", reject: "Reject", "request-revision": "Ask for revision" };

/** Approve (a hire: with what it runs, in a dialog), reject or ask for a revision, with an optional note for the requester. */
export function DecisionControls({ companyId, approval, onDecided }: { companyId: string; approval: ApprovalDto; onDecided?: (a: ApprovalDto) => void }) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState("");
  const [configuring, setConfiguring] = useState(false);
  const isHire = approval.type === "hire_agent" && !!approval.subjectAgentId;
  const mutation = useMutation({
    mutationFn: ({ decision, config }: { decision: Decision; config?: HireConfig | null }) => {
      const decisionNote = note.trim() || undefined;
      return config ? approveHire(approval.id, { decisionNote, ...config }) : decideApproval(approval.id, decision, decisionNote);
    },
    onSuccess: async (updated) => {
      setNote("");
      setConfiguring(false);
      queryClient.setQueryData(approvalKeys.detail(companyId, approval.id), updated);
      onDecided?.(updated);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: approvalKeys.all(companyId) }),
        queryClient.invalidateQueries({ queryKey: agentKeys.all(companyId) }),
        queryClient.invalidateQueries({ queryKey: inboxKeys.all(companyId) }),
      ]);
    },
  });
  if (approval.status !== "pending") return null;
  const running = mutation.isPending ? mutation.variables.decision : null;
  return (
    <div className="space-y-2" data-testid="decision-controls">
      <Textarea
        aria-label="Note for the requester"
        placeholder="Note for the requester (optional; say what to change when asking for a revision)"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        rows={2}
        maxLength={10_000}
      />
      <div className="flex flex-wrap gap-2">
        {(["approve", "reject", "request-revision"] as const).map((d) => (
          <Button
            key={d}
            size="sm"
            variant={d === "approve" ? "primary" : d === "reject" ? "danger" : "secondary"}
            pending={running === d}
            disabled={mutation.isPending}
            onClick={() => (d === "approve" && isHire ? (mutation.reset(), setConfiguring(true)) : mutation.mutate({ decision: d }))}
          >
            {labels[d]}
          </Button>
        ))}
      </div>
      {!configuring && <ApiErrorAlert error={mutation.error} />}
      {isHire && (
        <ApproveHireDialog open={configuring} onClose={() => setConfiguring(false)} companyId={companyId} approval={approval}
          pending={mutation.isPending} error={mutation.error} onApprove={(config) => mutation.mutate({ decision: "approve", config })} />
      )}
    </div>
  );
}
