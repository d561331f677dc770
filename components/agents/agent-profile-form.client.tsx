"use client";

import { useMemo, useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import type { AgentDto } from "@/lib/dto/agents";
import { updateAgent, type AgentPatch, type AgentWithChain } from "@/lib/queries/agents";
import { roleLabel } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, Input, Select, Textarea } from "@/components/ui/input";
import { ApiErrorAlert, fieldErrors } from "@/components/forms/api-error";
import { useAgentChanged } from "@/components/agents/use-agent-cache";

/** Agents that may not become this agent's manager: itself and everyone below it (a cycle). */
function belowOrSelf(agentId: string, agents: AgentDto[]): Set<string> {
  const out = new Set([agentId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const a of agents) {
      if (a.reportsTo && out.has(a.reportsTo) && !out.has(a.id)) {
        out.add(a.id);
        grew = true;
      }
    }
  }
  return out;
}

export function AgentProfileForm({ companyId, agent, agents, readOnly }: { companyId: string; agent: AgentWithChain; agents: AgentDto[]; readOnly: boolean }) {
  const changed = useAgentChanged(companyId);
  const [saved, setSaved] = useState(false);
  // remount the inputs when the agent changes elsewhere (rollback, another save)
  const formKey = agent.updatedAt;
  const excluded = useMemo(() => belowOrSelf(agent.id, agents), [agent.id, agents]);
  const managers = agents.filter((a) => a.status !== "terminated" && !excluded.has(a.id));

  const mutation = useMutation({
    mutationFn: (patch: AgentPatch) => updateAgent(agent.id, patch),
    onSuccess: async (updated) => {
      setSaved(true);
      await changed(updated);
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSaved(false);
    const form = new FormData(e.currentTarget);
    const next = {
      name: String(form.get("name")).trim(),
      title: String(form.get("title") ?? ""),
      capabilities: String(form.get("capabilities") ?? ""),
      reportsTo: agent.role === "ceo" ? null : String(form.get("reportsTo") ?? "") || null,
    };
    // send only what changed, so the activity log names exactly that
    const patch: AgentPatch = {};
    if (next.name !== agent.name) patch.name = next.name;
    if (next.title !== agent.title) patch.title = next.title;
    if (next.capabilities !== agent.capabilities) patch.capabilities = next.capabilities;
    if (next.reportsTo !== agent.reportsTo) patch.reportsTo = next.reportsTo;
    if (Object.keys(patch).length === 0) return setSaved(true);
    mutation.mutate(patch);
  }

  const err = mutation.error;
  return (
    <Card>
      <CardHeader title="Profile" description={readOnly ? "Read only" : "Name, title, capabilities and manager"} />
      <CardBody>
        <form key={formKey} onSubmit={onSubmit} className="space-y-4" aria-label="Edit agent" onChange={() => setSaved(false)}>
          <ApiErrorAlert error={err} fields={["name", "title", "capabilities", "reportsTo"]} />
          <fieldset disabled={readOnly} className="grid gap-4 sm:grid-cols-2">
            <Field label="Name" htmlFor="edit-name" errors={fieldErrors(err, "name")}>
              <Input id="edit-name" name="name" defaultValue={agent.name} required maxLength={100} />
            </Field>
            <Field label="Title" htmlFor="edit-title" errors={fieldErrors(err, "title")}>
              <Input id="edit-title" name="title" defaultValue={agent.title} maxLength={200} />
            </Field>
            <Field label="Reports to" htmlFor="edit-reports-to" errors={fieldErrors(err, "reportsTo")} hint={agent.role === "ceo" ? "The CEO reports to the board." : undefined}>
              <Select id="edit-reports-to" name="reportsTo" defaultValue={agent.reportsTo ?? ""} disabled={agent.role === "ceo"}>
                <option value="">Nobody</option>
                {managers.map((a) => <option key={a.id} value={a.id}>{a.name} · {roleLabel(a.role)}</option>)}
              </Select>
            </Field>
            <Field label="Capabilities" htmlFor="edit-capabilities" className="sm:col-span-2" hint="What this agent is good at; other agents read it when they delegate." errors={fieldErrors(err, "capabilities")}>
              <Textarea id="edit-capabilities" name="capabilities" defaultValue={agent.capabilities} rows={4} maxLength={10000} />
            </Field>
          </fieldset>
          {!readOnly && (
            <div className="flex items-center justify-end gap-3">
              {saved && !mutation.isPending && <span className="text-sm text-emerald-700" role="status">Saved</span>}
              <Button type="submit" variant="primary" pending={mutation.isPending}>Save changes</Button>
            </div>
          )}
        </form>
      </CardBody>
    </Card>
  );
}
