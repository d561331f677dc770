"use client";

// SLOT for helper 18a's adapter configuration form (components/agents/adapter-config-form.client.tsx)
// and its test-environment button (components/agents/test-environment.client.tsx). Until they land,
// this stand-in offers the adapter type and, for `process`, its command: enough to create a CEO that
// runs. Replace the bodies of AdapterSlot and TestEnvironmentSlot with 18a's components.
import { adapterLabels } from "@/lib/format";
import { Field, Input, Select } from "@/components/ui/input";
import { fieldErrors } from "@/components/forms/api-error";

export interface AdapterChoice {
  adapterType: string;
  adapterConfig: Record<string, unknown>;
}

export const emptyAdapter: AdapterChoice = { adapterType: "claude_local", adapterConfig: {} };

/** Paths of the API's field errors that the adapter fields show beside themselves. */
export const adapterFieldPaths = ["adapterConfig.command"];

export function AdapterSlot({ adapterTypes, value, onChange, error }: {
  adapterTypes: string[]; value: AdapterChoice; onChange: (next: AdapterChoice) => void; error: unknown;
}) {
  const command = typeof value.adapterConfig.command === "string" ? value.adapterConfig.command : "";
  return (
    <fieldset className="space-y-4 rounded-md border border-slate-200 p-4" data-testid="adapter-slot">
      <legend className="px-1 text-sm font-medium text-slate-800">How Charter runs the CEO</legend>
      <Field label="Adapter" htmlFor="onb-ceo-adapter" errors={fieldErrors(error, "adapterType")}>
        <Select id="onb-ceo-adapter" value={value.adapterType} onChange={(e) => onChange({ ...value, adapterType: e.target.value })}>
          {adapterTypes.map((t) => <option key={t} value={t}>{adapterLabels[t] ?? t}</option>)}
        </Select>
      </Field>
      {value.adapterType === "process" && (
        <Field label="Command" htmlFor="onb-ceo-command" hint="A shell line the run executes, such as ./run-agent.sh" errors={fieldErrors(error, "adapterConfig.command")}>
          <Input
            id="onb-ceo-command" className="font-mono" value={command} autoComplete="off"
            onChange={(e) => onChange({ ...value, adapterConfig: { ...value.adapterConfig, command: e.target.value } })}
          />
        </Field>
      )}
    </fieldset>
  );
}

export function TestEnvironmentSlot({ agentId }: { agentId: string }) {
  return <div data-testid="test-environment-slot" data-agent-id={agentId} hidden />;
}
