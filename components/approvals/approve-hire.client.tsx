"use client";

// Approving a hire sets what the hired agent runs in the same decision (hires carry no adapter
// settings: decision 0036), so an approved hire does not arrive idle with nothing to run.
import { useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import type { ApprovalDto } from "@/lib/dto/approvals";
import { agentKeys, fetchAgent } from "@/lib/queries/agents";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog.client";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { AdapterConfigForm, configDraftOf, configErrorsOf, configInputOf, type AgentConfigDraft, type ConfigErrors } from "@/components/agents/adapter-config-form.client";
import { CannotRun } from "@/components/agents/readiness";

export interface HireConfig {
  adapterType: string;
  adapterConfig: Record<string, unknown>;
}

interface Props {
  open: boolean;
  onClose: () => void;
  companyId: string;
  approval: ApprovalDto;
  pending: boolean;
  error: unknown;
  onApprove: (config: HireConfig | null) => void;
}

export function ApproveHireDialog(props: Props) {
  const name = String(props.approval.payload.name ?? "the agent");
  return (
    <Dialog open={props.open} onClose={props.onClose} title={`Approve ${name}`} description="Set what it runs now, so it can work as soon as it is hired." className="max-w-2xl">
      {props.open && <ApproveHireForm {...props} name={name} />}
    </Dialog>
  );
}

function ApproveHireForm({ onClose, companyId, approval, pending, error, onApprove, name }: Props & { name: string }) {
  const subjectId = approval.subjectAgentId ?? "";
  const agent = useQuery({ queryKey: agentKeys.detail(companyId, subjectId), queryFn: () => fetchAgent(subjectId), enabled: !!subjectId }).data;
  const [draft, setDraft] = useState<AgentConfigDraft | null>(null);
  const [errors, setErrors] = useState<ConfigErrors>({});
  const value = draft ?? (agent ? configDraftOf(agent) : null);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!value) return;
    const { input, errors: found } = configInputOf(value);
    const own = Object.fromEntries(Object.entries(found).filter(([k]) => k.startsWith("adapterConfig.")));
    setErrors(own);
    if (Object.keys(own).length === 0) onApprove({ adapterType: input.adapterType, adapterConfig: input.adapterConfig });
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={`Approve ${name}`}>
      <ApiErrorAlert error={error} fields={Object.keys(configErrorsOf(error))} />
      {agent && <CannotRun readiness={agent.readiness} className="whitespace-normal text-sm" />}
      {value ? (
        <AdapterConfigForm value={value} onChange={setDraft} errors={{ ...configErrorsOf(error), ...errors }} adapterOnly />
      ) : (
        <p className="text-sm text-slate-500">Loading {name}&apos;s settings…</p>
      )}
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button onClick={() => onApprove(null)} disabled={pending}>Approve without it</Button>
        <Button type="submit" variant="primary" pending={pending} disabled={!value}>Approve</Button>
      </DialogActions>
    </form>
  );
}
