"use client";

import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { updateAgent, type AgentPatch, type AgentWithChain } from "@/lib/queries/agents";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, Input, Textarea } from "@/components/ui/input";
import { AgentPicker, type PickedAgent } from "@/components/agents/agent-picker.client";
import { ApiErrorAlert, fieldErrors } from "@/components/forms/api-error";
import { useAgentChanged } from "@/components/agents/use-agent-cache";

export function AgentProfileForm({ companyId, agent, readOnly }: { companyId: string; agent: AgentWithChain; readOnly: boolean }) {
  const changed = useAgentChanged(companyId);
  const [saved, setSaved] = useState(false);
  // remount the inputs when the agent changes elsewhere (rollback, another save)
  const formKey = agent.updatedAt;
  // the direct manager is the chain's first; one below this agent is refused by the server (a cycle)
  const current = agent.chainOfCommand[0] ? { id: agent.chainOfCommand[0].id, name: agent.chainOfCommand[0].name } : null;
  const [manager, setManager] = useState<{ key: string; value: PickedAgent | null }>({ key: formKey, value: current });
  const picked = manager.key === formKey ? manager.value : current;

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
      reportsTo: agent.role === "ceo" ? null : picked?.id ?? null,
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
              <AgentPicker id="edit-reports-to" companyId={companyId} value={picked} exclude={agent.id} disabled={readOnly || agent.role === "ceo"}
                onChange={(value) => { setSaved(false); setManager({ key: formKey, value }); }} />
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
