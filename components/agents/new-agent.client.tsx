"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AgentDto } from "@/lib/dto/agents";
import { agentKeys, createAgent, type AgentWithChain, type NewAgent } from "@/lib/queries/agents";
import { activityKeys } from "@/lib/queries/activity";
import { roleLabel } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog.client";
import { Field, Input, Select } from "@/components/ui/input";
import { ApiErrorAlert, fieldErrors } from "@/components/forms/api-error";
import { IconPicker } from "@/components/agents/icon-picker.client";
import { AdapterConfigForm, configErrorsOf, configInputOf, newConfigDraft, type ConfigErrors } from "@/components/agents/adapter-config-form.client";
import { TestEnvironment } from "@/components/agents/test-environment.client";

interface Props {
  open: boolean;
  onClose: () => void;
  companyId: string;
  agents: AgentDto[];
  roles: string[];
  /** kept for callers; the form offers every adapter type of the schema */
  adapterTypes?: string[];
  /** the company's prefix, for the link to the new agent's page */
  prefix?: string;
  onCreated: (agent: AgentWithChain) => void;
}

export function NewAgentDialog(props: Props) {
  return (
    <Dialog open={props.open} onClose={props.onClose} title="New agent" description="The agent starts idle. Each of its runs gets its own API key; set below what a run executes." className="max-w-2xl">
      <NewAgentBody {...props} />
    </Dialog>
  );
}

const defaultIcons: Record<string, string> = { ceo: "crown", manager: "users", engineer: "code", researcher: "microscope", designer: "palette", qa: "test-tube", general: "bot" };

/** The form, then (once created) a test of the new agent's environment before it is woken. */
function NewAgentBody(props: Props) {
  const [created, setCreated] = useState<AgentWithChain | null>(null);
  if (!created) return <NewAgentForm {...props} onCreated={(agent) => { setCreated(agent); props.onCreated(agent); }} />;
  return (
    <div className="space-y-4" data-testid="agent-created">
      <p className="text-sm text-slate-700"><span className="font-medium text-slate-900">{created.name}</span> is created and idle. Check that its adapter can run here before waking it:</p>
      <TestEnvironment agentId={created.id} />
      <DialogActions>
        {props.prefix && <Link href={`/${props.prefix}/agents/${created.urlKey}`} className="text-sm font-medium text-indigo-700 hover:underline">Open {created.name}&apos;s page</Link>}
        <Button variant="primary" onClick={props.onClose}>Done</Button>
      </DialogActions>
    </div>
  );
}

function NewAgentForm({ onClose, companyId, agents, roles, onCreated }: Props) {
  const queryClient = useQueryClient();
  const live = agents.filter((a) => a.status !== "terminated");
  const ceo = live.find((a) => a.role === "ceo");
  const [role, setRole] = useState(ceo ? "engineer" : "ceo");
  const [icon, setIcon] = useState(defaultIcons[ceo ? "engineer" : "ceo"]);
  const [iconTouched, setIconTouched] = useState(false);
  const [reportsTo, setReportsTo] = useState(ceo?.id ?? "");
  const [config, setConfig] = useState(() => newConfigDraft());
  const [configErrors, setConfigErrors] = useState<ConfigErrors>({});

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
    const { input, errors } = configInputOf(config);
    setConfigErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const title = String(form.get("title") ?? "").trim();
    mutation.mutate({
      name: String(form.get("name")).trim(),
      role,
      ...(title ? { title } : {}),
      icon,
      reportsTo: role === "ceo" || !reportsTo ? null : reportsTo,
      ...input,
    });
  }

  const err = mutation.error;
  const shownConfigErrors = { ...configErrorsOf(err), ...configErrors };
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="New agent">
      <ApiErrorAlert error={err} fields={["name", "role", "title", "icon", "reportsTo", ...Object.keys(configErrorsOf(err))]} />
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
      </div>
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-slate-800">Icon</legend>
        <IconPicker value={icon} onChange={(i) => { setIcon(i); setIconTouched(true); }} />
        {fieldErrors(err, "icon").length > 0 && <p className="text-xs text-red-600">{fieldErrors(err, "icon").join("; ")}</p>}
      </fieldset>
      <section className="space-y-3 border-t border-slate-100 pt-4" aria-label="Adapter configuration">
        <h3 className="text-sm font-semibold text-slate-900">How it runs</h3>
        <AdapterConfigForm value={config} onChange={setConfig} errors={shownConfigErrors} />
      </section>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="primary" pending={mutation.isPending}>Create agent</Button>
      </DialogActions>
    </form>
  );
}
