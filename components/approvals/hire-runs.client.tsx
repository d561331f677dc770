"use client";

// What a hire will run: the adapter it asked for and, while it waits, whether it can run as it stands.
import { useQuery } from "@tanstack/react-query";
import type { ApprovalDto } from "@/lib/dto/approvals";
import { agentKeys, fetchAgent } from "@/lib/queries/agents";
import { adapterLabels } from "@/lib/format";
import { CannotRun } from "@/components/agents/readiness";

export function HireRuns({ approval, companyId }: { approval: ApprovalDto; companyId?: string }) {
  const subjectId = approval.subjectAgentId;
  const live = !!companyId && !!subjectId && approval.status !== "rejected";
  const agent = useQuery({
    queryKey: agentKeys.detail(companyId ?? "", subjectId ?? ""),
    queryFn: () => fetchAgent(subjectId!),
    enabled: live,
  }).data;
  const adapterType = agent?.adapterType ?? (typeof approval.payload.adapterType === "string" ? approval.payload.adapterType : "process");
  return (
    <div className="text-slate-600" data-testid="hire-adapter">
      Runs as {adapterLabels[adapterType] ?? adapterType}
      {agent && <CannotRun readiness={agent.readiness} status={agent.status} className="mt-0.5 whitespace-normal" />}
    </div>
  );
}
