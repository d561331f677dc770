"use client";

import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApprovalDto } from "@/lib/dto/approvals";
import { approvalKeys, decideApproval, type Decision } from "@/lib/queries/approvals";
import { agentKeys } from "@/lib/queries/agents";
import { inboxKeys } from "@/lib/queries/inbox";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/input";
import { ApiErrorAlert } from "@/components/forms/api-error";

const labels: Record<Decision, string> = { approve: "Approve", reject: "Reject", "request-revision": "Ask for revision" };

/** Approve, reject or ask for a revision, with an optional note for the requester. */
export function DecisionControls({ companyId, approval, onDecided }: { companyId: string; approval: ApprovalDto; onDecided?: (a: ApprovalDto) => void }) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState("");
  const mutation = useMutation({
    mutationFn: (decision: Decision) => decideApproval(approval.id, decision, note.trim() || undefined),
    onSuccess: async (updated) => {
      setNote("");
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
  const running = mutation.isPending ? mutation.variables : null;
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
            onClick={() => mutation.mutate(d)}
          >
            {labels[d]}
          </Button>
        ))}
      </div>
      <ApiErrorAlert error={mutation.error} />
    </div>
  );
}
