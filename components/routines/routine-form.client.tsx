"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createRoutine, routineKeys, updateRoutine, type RoutineDto, type RoutineInput } from "@/lib/queries/routines";
import { activityKeys } from "@/lib/queries/activity";
import { issuePriorities } from "@/lib/issue-status";
import { humanize } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { DialogActions } from "@/components/ui/dialog.client";
import { Field, Input, Select, Textarea } from "@/components/ui/input";
import { ApiErrorAlert, fieldErrors } from "@/components/forms/api-error";
import { IssuePicker, type PickedIssue } from "@/components/issues/issue-picker.client";
import { keepOpenOnEscapeInPickers } from "@/components/projects/keep-open-on-escape";
import type { Directory } from "@/components/issues/directory";

const concurrencyChoices = [
  { value: "skip_if_active", label: "Skip while its issue is open", hint: "If this routine's previous issue is not done or cancelled yet, the fire is recorded as skipped. Other work of the agent does not count." },
  { value: "coalesce_if_active", label: "Add to the open issue", hint: "The fire is recorded against the routine's open issue, with a comment on it, instead of a new issue." },
  { value: "always_create", label: "Always create an issue", hint: "Every fire creates its own issue, even while earlier ones are open." },
];

const catchUpChoices = [
  { value: "skip_missed", label: "Skip missed times", hint: "Times that passed while Charter was not running are recorded as one skipped run." },
  { value: "run_once", label: "Run once to catch up", hint: "When Charter starts again, the missed times make a single fire (for the latest of them)." },
];

const FIELDS = ["name", "description", "assigneeAgentId", "projectId", "goalId", "parentIssueId", "titleTemplate", "priority", "concurrencyPolicy", "catchUpPolicy"];

/** The title template as the next issue would get it: today's date and time in UTC. */
function exampleTitle(template: string, name: string) {
  const iso = new Date().toISOString();
  return template
    .replaceAll("{{routine}}", name || "Routine name")
    .replaceAll("{{date}}", iso.slice(0, 10))
    .replaceAll("{{time}}", iso.slice(11, 16))
    .replace(/\{\{payload\.[A-Za-z0-9_]+\}\}/g, "…");
}

/** Create or edit a routine: what the work is, who does it, where its issues go, and its two policies. */
export function RoutineForm({ companyId, directory, routine, parentIssue, onDone, onCancel }: {
  companyId: string; directory: Directory; routine?: RoutineDto; parentIssue?: PickedIssue | null;
  onDone: (routine: RoutineDto) => void; onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const [parent, setParent] = useState<PickedIssue | null>(parentIssue ?? null);
  const [name, setName] = useState(routine?.name ?? "");
  const [template, setTemplate] = useState(routine?.titleTemplate ?? "{{routine}} {{date}}");
  const agents = directory.agents.filter((a) => a.status !== "terminated" || a.id === routine?.assigneeAgentId);
  const mutation = useMutation({
    mutationFn: (input: RoutineInput) => (routine ? updateRoutine(routine.id, input) : createRoutine(companyId, input)),
    onSuccess: async (saved) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: routineKeys.all(companyId) }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all(companyId) }),
      ]);
      onDone(saved);
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (k: string) => String(form.get(k) ?? "").trim();
    mutation.mutate({
      name: text("name"), description: String(form.get("description") ?? ""), assigneeAgentId: text("assigneeAgentId"),
      projectId: text("projectId") || null, goalId: text("goalId") || null, parentIssueId: parent?.id ?? null,
      titleTemplate: text("titleTemplate"), priority: text("priority"),
      concurrencyPolicy: text("concurrencyPolicy"), catchUpPolicy: text("catchUpPolicy"),
    });
  }

  const err = mutation.error;
  return (
    <form onSubmit={onSubmit} onKeyDown={keepOpenOnEscapeInPickers} className="space-y-5" aria-label={routine ? "Edit routine" : "New routine"}>
      <ApiErrorAlert error={err} fields={FIELDS} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" htmlFor="routine-name" errors={fieldErrors(err, "name")} className="sm:col-span-2">
          <Input id="routine-name" name="name" required maxLength={200} autoFocus value={name} onChange={(e) => setName(e.target.value)} placeholder="Daily triage" />
        </Field>
        <Field label="What to do" htmlFor="routine-description" optional errors={fieldErrors(err, "description")} className="sm:col-span-2"
          hint="Markdown. Each issue the routine creates gets this as its description, so write it as instructions to the agent.">
          <Textarea id="routine-description" name="description" rows={5} maxLength={100_000} defaultValue={routine?.description ?? ""}
            placeholder={"Go through the issues opened since yesterday:\n- label them\n- close duplicates"} className="font-mono text-[0.8125rem]" />
        </Field>
        <Field label="Agent" htmlFor="routine-assignee" errors={fieldErrors(err, "assigneeAgentId")} hint="Gets each issue and is woken for it.">
          <Select id="routine-assignee" name="assigneeAgentId" required defaultValue={routine?.assigneeAgentId ?? ""}>
            <option value="" disabled>Choose an agent</option>
            {agents.map((a) => <option key={a.id} value={a.id}>{a.name}{a.status === "paused" ? " (paused)" : ""}</option>)}
          </Select>
        </Field>
        <Field label="Priority" htmlFor="routine-priority" errors={fieldErrors(err, "priority")} hint="Of the issues it creates.">
          <Select id="routine-priority" name="priority" defaultValue={routine?.priority ?? "medium"}>
            {issuePriorities.map((p) => <option key={p} value={p}>{humanize(p)}</option>)}
          </Select>
        </Field>
        <Field label="Issue title" htmlFor="routine-title" errors={fieldErrors(err, "titleTemplate")} className="sm:col-span-2"
          hint={<TemplateHint example={exampleTitle(template, name)} />}>
          <Input id="routine-title" name="titleTemplate" required maxLength={500} value={template} onChange={(e) => setTemplate(e.target.value)} className="font-mono" />
        </Field>
        <Field label="Project" htmlFor="routine-project" optional errors={fieldErrors(err, "projectId")}>
          <Select id="routine-project" name="projectId" defaultValue={routine?.projectId ?? ""}>
            <option value="">No project</option>
            {directory.projects.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
          </Select>
        </Field>
        <Field label="Goal" htmlFor="routine-goal" optional errors={fieldErrors(err, "goalId")}>
          <Select id="routine-goal" name="goalId" defaultValue={routine?.goalId ?? ""}>
            <option value="">No goal</option>
            {directory.goals.map((g) => <option key={g.id} value={g.id}>{g.title}</option>)}
          </Select>
        </Field>
        <Field label="Parent issue" htmlFor="routine-parent" optional errors={fieldErrors(err, "parentIssueId")} className="sm:col-span-2"
          hint="The issues it creates become sub-issues of this one.">
          <IssuePicker id="routine-parent" companyId={companyId} value={parent} onChange={setParent} />
        </Field>
      </div>
      <PolicyGroup legend="When the previous issue is still open" name="concurrencyPolicy" choices={concurrencyChoices}
        value={routine?.concurrencyPolicy ?? "skip_if_active"} errors={fieldErrors(err, "concurrencyPolicy")} />
      <PolicyGroup legend="Times missed while Charter was down" name="catchUpPolicy" choices={catchUpChoices}
        value={routine?.catchUpPolicy ?? "skip_missed"} errors={fieldErrors(err, "catchUpPolicy")} />
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" pending={mutation.isPending}>{routine ? "Save routine" : "Create routine"}</Button>
      </DialogActions>
    </form>
  );
}

function TemplateHint({ example }: { example: string }) {
  return (
    <span className="block space-y-1">
      <span className="block">
        <code className="font-mono">{"{{routine}}"}</code> the name, <code className="font-mono">{"{{date}}"}</code> YYYY-MM-DD,{" "}
        <code className="font-mono">{"{{time}}"}</code> HH:MM (in the schedule&apos;s time zone; UTC for webhook and API fires),{" "}
        <code className="font-mono">{"{{payload.x}}"}</code> a webhook body&apos;s field <code className="font-mono">x</code>.
        A schedule that fires more than once a day adds the time to the default title.
      </span>
      <span className="block">Next issue, for example: <span className="font-medium text-fg" data-testid="title-example">{example}</span></span>
    </span>
  );
}

function PolicyGroup({ legend, name, choices, value, errors }: {
  legend: string; name: string; choices: Array<{ value: string; label: string; hint: string }>; value: string; errors: string[];
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-fg">{legend}</legend>
      <div className={choices.length === 2 ? "grid gap-2 sm:grid-cols-2" : "grid gap-2 sm:grid-cols-3"}>
        {choices.map((c) => (
          <label key={c.value} className="flex cursor-pointer gap-2.5 rounded-md border border-line bg-surface p-3 text-sm has-checked:border-accent has-checked:ring-1 has-checked:ring-accent">
            <input type="radio" name={name} value={c.value} defaultChecked={c.value === value} className="mt-0.5 size-4 shrink-0 accent-indigo-600" />
            <span>
              <span className="block font-medium text-fg">{c.label}</span>
              <span className="mt-0.5 block text-xs text-fg-muted">{c.hint}</span>
            </span>
          </label>
        ))}
      </div>
      {errors.length > 0 && <p className="text-xs text-danger">{errors.join("; ")}</p>}
    </fieldset>
  );
}
