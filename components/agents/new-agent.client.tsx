"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AgentDto } from "@/lib/dto/agents";
import { agentKeys, createAgent, type AgentWithChain, type NewAgent } from "@/lib/queries/agents";
import { activityKeys } from "@/lib/queries/activity";
import { adapterLabels, dollarsToCents, roleLabel } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog.client";
import { Field, Input, Select } from "@/components/ui/input";
import { ApiErrorAlert, fieldErrors } from "@/components/forms/api-error";
import { DollarInput } from "@/components/forms/dollar-input";
import { IconPicker } from "@/components/agents/icon-picker.client";

interface Props {
  open: boolean;
  onClose: () => void;
  companyId: string;
  agents: AgentDto[];
  roles: string[];
  adapterTypes: string[];
  onCreated: (agent: AgentWithChain) => void;
}

export function NewAgentDialog(props: Props) {
  return (
    <Dialog open={props.open} onClose={props.onClose} title="New agent" description="The agent starts idle and can be woken once it has an API key." className="max-w-2xl">
      <NewAgentForm {...props} />
    </Dialog>
  );
}

const defaultIcons: Record<string, string> = { ceo: "crown", manager: "users", engineer: "code", researcher: "microscope", designer: "palette", qa: "test-tube", general: "bot" };

function NewAgentForm({ onClose, companyId, agents, roles, adapterTypes, onCreated }: Props) {
  const queryClient = useQueryClient();
  const live = agents.filter((a) => a.status !== "terminated");
  const ceo = live.find((a) => a.role === "ceo");
  const [role, setRole] = useState(ceo ? "engineer" : "ceo");
  const [icon, setIcon] = useState(defaultIcons[ceo ? "engineer" : "ceo"]);
  const [iconTouched, setIconTouched] = useState(false);
  const [reportsTo, setReportsTo] = useState(ceo?.id ?? "");
  const [budgetError, setBudgetError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (input: NewAgent) => createAgent(companyId, input),
    onSuccess: async (agent) => {
      queryClient.setQueryData<AgentDto[]>(agentKeys.list(companyId), (old) => (old ? [...old, agent] : old));
      onCreated(agent);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: agentKeys.all(companyId) }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all(companyId) }),
      ]);
    },
  });

  function changeRole(next: string) {
    setRole(next);
    if (!iconTouched) setIcon(defaultIcons[next] ?? "bot");
    if (next === "ceo") setReportsTo("");
    else if (!reportsTo && ceo) setReportsTo(ceo.id);
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const cents = dollarsToCents(String(form.get("budget") ?? ""));
    if (cents === null) return setBudgetError("Enter an amount in dollars, such as 50 or 12.50");
    setBudgetError(null);
    const title = String(form.get("title") ?? "").trim();
    mutation.mutate({
      name: String(form.get("name")).trim(),
      role,
      ...(title ? { title } : {}),
      icon,
      reportsTo: role === "ceo" || !reportsTo ? null : reportsTo,
      adapterType: String(form.get("adapterType")),
      budgetMonthlyCents: cents,
    });
  }

  const err = mutation.error;
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="New agent">
      <ApiErrorAlert error={err} fields={["name", "role", "title", "icon", "reportsTo", "adapterType", "budgetMonthlyCents"]} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" htmlFor="agent-name" hint="@-mentions find the agent by this name." errors={fieldErrors(err, "name")}>
          <Input id="agent-name" name="name" required maxLength={100} autoFocus placeholder={role === "ceo" ? "Ada" : "Grace"} />
        </Field>
        <Field label="Role" htmlFor="agent-role" errors={fieldErrors(err, "role")}>
          <Select id="agent-role" name="role" value={role} onChange={(e) => changeRole(e.target.value)}>
            {roles.map((r) => (
              <option key={r} value={r} disabled={r === "ceo" && !!ceo}>
                {roleLabel(r)}{r === "ceo" && ceo ? " (the company has one)" : ""}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Title" htmlFor="agent-title" optional errors={fieldErrors(err, "title")}>
          <Input id="agent-title" name="title" maxLength={200} placeholder={role === "ceo" ? "Chief Executive Officer" : "Backend engineer"} />
        </Field>
        <Field label="Reports to" htmlFor="agent-reports-to" errors={fieldErrors(err, "reportsTo")} hint={role === "ceo" ? "The CEO reports to the board." : undefined}>
          <Select id="agent-reports-to" name="reportsTo" value={role === "ceo" ? "" : reportsTo} onChange={(e) => setReportsTo(e.target.value)} disabled={role === "ceo"}>
            <option value="">Nobody</option>
            {live.map((a) => (
              <option key={a.id} value={a.id}>{a.name} · {roleLabel(a.role)}</option>
            ))}
          </Select>
        </Field>
        <Field label="Adapter" htmlFor="agent-adapter" hint="How Charter wakes the agent." errors={fieldErrors(err, "adapterType")}>
          <Select id="agent-adapter" name="adapterType" defaultValue="claude_local">
            {adapterTypes.map((t) => <option key={t} value={t}>{adapterLabels[t] ?? t}</option>)}
          </Select>
        </Field>
        <Field label="Monthly budget" htmlFor="agent-budget" hint="In dollars; 0 means no limit." errors={budgetError ? [budgetError] : fieldErrors(err, "budgetMonthlyCents")}>
          <DollarInput id="agent-budget" name="budget" defaultValue="0" />
        </Field>
      </div>
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-slate-800">Icon</legend>
        <IconPicker value={icon} onChange={(i) => { setIcon(i); setIconTouched(true); }} />
        {fieldErrors(err, "icon").length > 0 && <p className="text-xs text-red-600">{fieldErrors(err, "icon").join("; ")}</p>}
      </fieldset>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="primary" pending={mutation.isPending}>Create agent</Button>
      </DialogActions>
    </form>
  );
}
