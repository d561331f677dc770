"use client";

// The agent configuration form: the adapter type, the fields that adapter reads, the timer
// heartbeat, concurrency and the monthly budget. Controlled (value/onChange/errors), so the new-agent
// dialog, the agent page and onboarding each own their save. Build the request body with
// configInputOf(value) and show the API's errors with configErrorsOf(error).
import { Fragment, useId, type ReactNode } from "react";
import { OPENAI_PRICES } from "@/lib/runtime/prices";
import { DEFAULT_CLAUDE_ALLOWED_TOOLS } from "@/lib/runtime/config";
import { cn } from "@/lib/cn";
import { adapterLabels, humanize } from "@/lib/format";
import { isSecretEnvName, isSecretKey } from "@/lib/secrets";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox, Field, Input, Select, Textarea } from "@/components/ui/input";
import { DollarInput } from "@/components/forms/dollar-input";
import {
  REDACTED, adapterFields, errorsAt, runtimeFields,
  type AdapterType, type AgentConfigDraft, type ConfigErrors, type FieldSpec, type FieldValue, type PairRow,
} from "@/components/agents/adapter-config-model";
import { adapterTypes } from "@/lib/schemas/agents";

export { configDraftOf, configErrorsOf, configInputOf, newConfigDraft } from "@/components/agents/adapter-config-model";
export type { AgentConfigDraft, ConfigErrors, ConfigInput } from "@/components/agents/adapter-config-model";

export interface AdapterConfigFormProps {
  value: AgentConfigDraft;
  onChange: (next: AgentConfigDraft) => void;
  /** by field path (adapterConfig.cwd, runtimeConfig.heartbeat.intervalSec, budgetMonthlyCents, adapterType) */
  errors?: ConfigErrors;
  disabled?: boolean;
  /** offer the adapter type choice (default true) */
  showAdapterType?: boolean;
  /** only what it runs: no heartbeat, limits or budget (a hire's approval sets just that) */
  adapterOnly?: boolean;
}

const labels: Record<string, string> = {
  command: "Command", args: "Arguments", cwd: "Working directory", env: "Environment", timeoutSec: "Timeout (seconds)",
  url: "URL", secret: "Signing secret", headers: "Headers", instructionsFilePath: "Instructions file", model: "Model",
  extraArgs: "Extra arguments", sessionPolicy: "Session policy", allowedTools: "Allowed tools", sandbox: "Sandbox",
  networkAccess: "Network access in the sandbox", dangerouslySkipPermissions: "Skip permission checks",
  "heartbeat.enabled": "Timer heartbeat", "heartbeat.intervalSec": "Interval (seconds)", "heartbeat.wakeWhenIdle": "Wake when idle",
  maxConcurrentRuns: "Max concurrent runs",
};

// Model names the CLIs accept; any other name can be typed.
const knownModels: Partial<Record<AdapterType, string[]>> = {
  claude_local: ["sonnet", "opus", "haiku"],
  codex_local: Object.keys(OPENAI_PRICES),
};

const wide = new Set(["command", "args", "env", "headers", "extraArgs", "allowedTools", "url", "instructionsFilePath", "cwd", "networkAccess", "dangerouslySkipPermissions"]);

/** A choice's stored value in words: per_issue → "Per issue", workspace-write → "Workspace write". */
const optionLabel = (value: string) => humanize(value.replace(/-/g, "_")).toLowerCase().replace(/^./, (c) => c.toUpperCase());

/** Help text with its `code` spans. */
function Help({ text }: { text: string }) {
  return <>{text.split("`").map((part, i) => (i % 2 ? <code key={i} className="rounded bg-slate-100 px-1 text-[11px]">{part}</code> : <Fragment key={i}>{part}</Fragment>))}</>;
}

/** A description's fragment as a sentence: capitalised, with its full stop. */
const sentence = (text: string) => (text ? `${text[0].toUpperCase()}${text.slice(1)}${text.endsWith(".") ? "" : "."}` : "");

const placeholderOf = (spec: FieldSpec) => {
  if (typeof spec.defaultValue === "number" || typeof spec.defaultValue === "string") return String(spec.defaultValue);
  return spec.defaultText && !/^none/i.test(spec.defaultText) && spec.defaultText.length < 40 ? spec.defaultText.replace(/`/g, "") : undefined;
};

export function AdapterConfigForm({ value, onChange, errors, disabled, showAdapterType = true, adapterOnly = false }: AdapterConfigFormProps) {
  const id = useId();
  const set = (path: string, v: FieldValue) => onChange({ ...value, values: { ...value.values, [path]: v } });
  const fields = adapterFields(value.adapterType);
  const runtime = runtimeFields();
  const render = (spec: FieldSpec) => (
    <ConfigField key={spec.path} id={`${id}-${spec.path}`} spec={spec} adapterType={value.adapterType} value={value.values[spec.path]}
      onChange={(v) => set(spec.path, v)} errors={errorsAt(errors, spec.path)} disabled={disabled} />
  );
  return (
    <fieldset disabled={disabled} className="space-y-5" data-testid="adapter-config-form">
      {showAdapterType && (
        <Field label="Adapter" htmlFor={`${id}-adapterType`} hint="How Charter wakes the agent." errors={errorsAt(errors, "adapterType")}>
          <Select id={`${id}-adapterType`} value={value.adapterType} onChange={(e) => onChange({ ...value, adapterType: e.target.value as AdapterType })}>
            {adapterTypes.map((t) => <option key={t} value={t}>{adapterLabels[t] ?? t}</option>)}
          </Select>
        </Field>
      )}
      <div className="grid gap-4 sm:grid-cols-2">{fields.map(render)}</div>
      {!adapterOnly && <section className="space-y-4 border-t border-slate-100 pt-4">
        <h3 className="text-xs font-medium uppercase tracking-wide text-slate-500">Heartbeat and limits</h3>
        <div className="grid gap-4 sm:grid-cols-2">
          {runtime.map(render)}
          <Field label="Monthly budget" htmlFor={`${id}-budget`} hint="In dollars; 0 means no limit. At 100% the agent is paused." errors={errorsAt(errors, "budgetMonthlyCents")}>
            <DollarInput id={`${id}-budget`} value={value.budget} onChange={(e) => onChange({ ...value, budget: e.target.value })} />
          </Field>
        </div>
      </section>}
    </fieldset>
  );
}

interface FieldProps {
  id: string;
  spec: FieldSpec;
  adapterType: AdapterType;
  value: FieldValue | undefined;
  onChange: (v: FieldValue) => void;
  errors: string[];
  disabled?: boolean;
}

function ConfigField({ id, spec, adapterType, value, onChange, errors, disabled }: FieldProps) {
  const label = labels[spec.key] ?? spec.key;
  const hint = <><Help text={sentence(spec.help)} />{spec.defaultText && spec.kind !== "boolean" ? <> Default: <Help text={spec.defaultText} />.</> : null}</>;
  const className = wide.has(spec.key) ? "sm:col-span-2" : undefined;
  const invalid = errors.length > 0 || undefined;
  if (spec.kind === "boolean") {
    return (
      <div className={cn("min-w-0 space-y-2", className)}>
        <Checkbox label={label} hint={<span className="[overflow-wrap:anywhere]"><Help text={sentence(spec.help)} /></span>} checked={value === true} onChange={(e) => onChange(e.target.checked)} aria-invalid={invalid} />
        {spec.key === "dangerouslySkipPermissions" && value === true && (
          <Alert tone="warning" title="The CLI will act without asking">
            It may run any command and change any file the server&apos;s user can, within the working directory and beyond. Use it only in a sandboxed machine.
          </Alert>
        )}
        {errors.length > 0 && <p className="text-xs text-red-600">{errors.join("; ")}</p>}
      </div>
    );
  }
  let control: ReactNode;
  if (spec.kind === "choice") {
    control = (
      <Select id={id} value={String(value ?? "")} onChange={(e) => onChange(e.target.value)} aria-invalid={invalid}>
        <option value="">Default{spec.defaultText ? ` (${optionLabel(spec.defaultText.replace(/`/g, ""))})` : ""}</option>
        {spec.options.map((o) => <option key={o} value={o}>{optionLabel(o)}</option>)}
      </Select>
    );
  } else if (spec.kind === "list") {
    control = <Textarea id={id} rows={3} value={String(value ?? "")} onChange={(e) => onChange(e.target.value)} aria-invalid={invalid}
      placeholder={spec.key === "allowedTools" ? DEFAULT_CLAUDE_ALLOWED_TOOLS.join("\n") : "One per line"} className="font-mono" />;
  } else if (spec.kind === "pairs") {
    control = <PairRows id={id} rows={Array.isArray(value) ? value : []} onChange={onChange} secretName={spec.key === "env" ? isSecretEnvName : isSecretKey} disabled={disabled} addLabel={spec.key === "env" ? "Add variable" : "Add header"} />;
  } else if (spec.kind === "secret") {
    control = <SecretInput id={id} value={String(value ?? "")} onChange={onChange} invalid={invalid} />;
  } else {
    const models = spec.key === "model" ? knownModels[adapterType] : undefined;
    control = (
      <>
        <Input id={id} value={String(value ?? "")} onChange={(e) => onChange(e.target.value)} aria-invalid={invalid} list={models ? `${id}-models` : undefined}
          type={spec.kind === "url" ? "url" : "text"} inputMode={spec.kind === "number" ? "numeric" : undefined} placeholder={placeholderOf(spec)}
          className={["command", "cwd", "instructionsFilePath"].includes(spec.key) ? "font-mono" : undefined} autoComplete="off" spellCheck={false} />
        {models && <datalist id={`${id}-models`}>{models.map((m) => <option key={m} value={m} />)}</datalist>}
      </>
    );
  }
  return <Field label={label} htmlFor={id} hint={hint} errors={errors} className={cn("min-w-0 [overflow-wrap:anywhere]", className)}>{control}</Field>;
}

/** A write-only secret: a stored one is never shown, only replaced or removed. */
function SecretInput({ id, value, onChange, invalid }: { id: string; value: string; onChange: (v: string) => void; invalid?: boolean }) {
  if (value === REDACTED) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span id={id} className="inline-flex h-9 items-center rounded-md bg-slate-50 px-3 font-mono text-sm text-slate-500 ring-1 ring-inset ring-slate-200" aria-label="Stored secret, hidden">••••••••••</span>
        <span className="text-xs text-slate-500">Stored, never shown.</span>
        <Button size="sm" onClick={() => onChange("")}>Replace</Button>
      </div>
    );
  }
  return <Input id={id} type="password" value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={invalid} autoComplete="new-password" placeholder="Type the secret" />;
}

/** Key/value rows; a stored value the browser was not shown reads as dots until a new one is typed. */
/** Name → value rows; a value under a secret-like name is typed unseen and, once saved, never shown again. */
function PairRows({ id, rows, onChange, secretName, disabled, addLabel }: {
  id: string; rows: PairRow[]; onChange: (rows: PairRow[]) => void; secretName: (name: string) => boolean; disabled?: boolean; addLabel: string;
}) {
  const update = (i: number, patch: Partial<PairRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="space-y-2" id={id}>
      {rows.map((row, i) => (
        <div key={i} className="flex gap-2">
          <div className="w-2/5 shrink-0">
            <Input aria-label={`Name ${i + 1}`} value={row.key} onChange={(e) => update(i, { key: e.target.value })} placeholder="NAME" className="font-mono" autoComplete="off" spellCheck={false} />
          </div>
          <div className="min-w-0 flex-1">
            <Input aria-label={`Value ${i + 1}`} value={row.value} onChange={(e) => update(i, { value: e.target.value })}
              type={row.stored || secretName(row.key) ? "password" : "text"} autoComplete="new-password" className="font-mono"
              placeholder={row.stored ? "•••••• stored: type to replace" : "value"} />
          </div>
          <Button size="sm" variant="ghost" onClick={() => onChange(rows.filter((_, j) => j !== i))} aria-label={`Remove ${row.key || `row ${i + 1}`}`} disabled={disabled}>✕</Button>
        </div>
      ))}
      <Button size="sm" onClick={() => onChange([...rows, { key: "", value: "", stored: false }])} disabled={disabled}>{addLabel}</Button>
    </div>
  );
}
