"use client";

// The agent page's configuration: the adapter form, saved as one PATCH (one config revision), and
// the environment test of what is saved. Typed values survive an error; stored secrets are never
// in the browser (the form sends the redaction marker back for a secret left alone).
import { useState, type FormEvent, type ReactNode } from "react";
import { useMutation } from "@tanstack/react-query";
import { updateAgentConfig, type AgentWithChain } from "@/lib/queries/agents";
import { adapterLabels } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { AdapterConfigForm, configDraftOf, configErrorsOf, configInputOf, type ConfigErrors } from "@/components/agents/adapter-config-form.client";
import { keptKeys } from "@/components/agents/adapter-config-model";
import { TestEnvironment } from "@/components/agents/test-environment.client";
import { useAgentChanged } from "@/components/agents/use-agent-cache";

/** Equal as JSON whatever the key order (the form writes keys in the schema's order). */
const same = (a: unknown, b: unknown) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
function sorted(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sorted);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).sort(([x], [y]) => x.localeCompare(y)).map(([k, x]) => [k, sorted(x)]));
  return v;
}

export function AgentConfigCard({ companyId, agent, readOnly, canTest, children }: {
  companyId: string; agent: AgentWithChain; readOnly: boolean; canTest: boolean; children?: ReactNode;
}) {
  const changed = useAgentChanged(companyId);
  const [draft, setDraft] = useState(() => configDraftOf(agent));
  // what the draft started from: edits are the difference to it, not to the agent as it is now
  const [baseline, setBaseline] = useState(draft);
  const [syncedAt, setSyncedAt] = useState(agent.updatedAt);
  const [clientErrors, setClientErrors] = useState<ConfigErrors>({});
  const [saved, setSaved] = useState(false);
  const pristine = configDraftOf(agent);
  const { input } = configInputOf(draft);
  const patch: Record<string, unknown> = {};
  if (input.adapterType !== agent.adapterType) patch.adapterType = input.adapterType;
  if (!same(input.adapterConfig, agent.adapterConfig)) patch.adapterConfig = input.adapterConfig;
  if (!same(input.runtimeConfig, agent.runtimeConfig)) patch.runtimeConfig = input.runtimeConfig;
  if (input.budgetMonthlyCents !== agent.budgetMonthlyCents) patch.budgetMonthlyCents = input.budgetMonthlyCents;
  const dirty = draft.adapterType !== baseline.adapterType || draft.budget !== baseline.budget || !same(draft.values, baseline.values);

  // The agent changed elsewhere (rollback, the profile's save): follow it unless the user is editing.
  if (agent.updatedAt !== syncedAt) {
    setSyncedAt(agent.updatedAt);
    setBaseline(pristine);
    if (!dirty) setDraft(pristine);
  }

  const mutation = useMutation({
    mutationFn: (body: Record<string, unknown>) => updateAgentConfig(agent.id, body),
    onSuccess: async (updated) => {
      const next = configDraftOf(updated);
      setDraft(next);
      setBaseline(next);
      setSyncedAt(updated.updatedAt);
      setSaved(true);
      await changed(updated);
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const { errors } = configInputOf(draft);
    setClientErrors(errors);
    setSaved(false);
    if (Object.keys(errors).length > 0) return;
    if (Object.keys(patch).length === 0) return setSaved(true);
    mutation.mutate(patch);
  }

  const serverErrors = configErrorsOf(mutation.error);
  const errors = { ...serverErrors, ...clientErrors };
  const kept = keptKeys(draft);
  return (
    <Card>
      <CardHeader title="Configuration" description={`${adapterLabels[agent.adapterType] ?? agent.adapterType}. Secrets are write-only: stored ones are never shown.`} />
      <CardBody className="space-y-4">
        <form onSubmit={onSubmit} className="space-y-4" aria-label="Agent configuration" onChange={() => setSaved(false)}>
          <ApiErrorAlert error={mutation.error} fields={Object.keys(serverErrors)} />
          <AdapterConfigForm value={draft} onChange={(d) => { setDraft(d); setSaved(false); }} errors={errors} disabled={readOnly} />
          {kept.length > 0 && <p className="text-xs text-slate-500">Also kept as they are: {kept.map((k) => <code key={k} className="mr-1 rounded bg-slate-100 px-1">{k}</code>)}</p>}
          {!readOnly && (
            <div className="flex flex-wrap items-center justify-end gap-3">
              {dirty && !mutation.isPending && <span className="text-sm text-amber-700">Unsaved changes</span>}
              {saved && !dirty && !mutation.isPending && <span className="text-sm text-emerald-700" role="status">Saved</span>}
              <Button onClick={() => { setDraft(pristine); setBaseline(pristine); setClientErrors({}); mutation.reset(); }} disabled={!dirty || mutation.isPending}>Discard</Button>
              <Button type="submit" variant="primary" pending={mutation.isPending}>Save configuration</Button>
            </div>
          )}
        </form>
        {canTest && (
          <div className="border-t border-slate-100 pt-4">
            <TestEnvironment agentId={agent.id} note={dirty ? "Tests the saved configuration: save your changes first." : "Checks the command, directories, files and endpoint without starting a run."} />
          </div>
        )}
        {children && <div className="border-t border-slate-100 pt-4">{children}</div>}
      </CardBody>
    </Card>
  );
}
