"use client";

import { useId } from "react";
import type { NotificationPreferences } from "@/lib/queries/notifications";
import { Checkbox, Field, Select } from "@/components/ui/input";

export type Email = NotificationPreferences["email"];

const modes: Array<[Email["mode"], string]> = [["immediate", "Immediately, one email per event"], ["hourly", "An hourly digest"], ["daily", "A daily digest"]];

/** The choices of one set of email settings (the user's defaults, or one company's own). */
export function EmailFields({ draft, onChange, eventLabels, enabledLabel }: {
  draft: Email; onChange: (next: Email) => void; eventLabels: Array<[string, string]>; enabledLabel: string;
}) {
  const modeId = useId();
  const toggle = (type: string, on: boolean) =>
    onChange({ ...draft, eventTypes: (on ? [...draft.eventTypes, type] : draft.eventTypes.filter((t) => t !== type)) as Email["eventTypes"] });
  return (
    <>
      <Checkbox label={enabledLabel} checked={draft.enabled} onChange={(e) => onChange({ ...draft, enabled: e.target.checked })} />
      <Field label="When" htmlFor={modeId}>
        <Select id={modeId} value={draft.mode} onChange={(e) => onChange({ ...draft, mode: e.target.value as Email["mode"] })} disabled={!draft.enabled}>
          {modes.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </Select>
      </Field>
      <fieldset disabled={!draft.enabled} className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-slate-700">Events</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {eventLabels.map(([type, label]) => (
            <Checkbox key={type} label={label} hint={type} checked={draft.eventTypes.includes(type as Email["eventTypes"][number])} onChange={(e) => toggle(type, e.target.checked)} />
          ))}
        </div>
      </fieldset>
    </>
  );
}

/** One line saying what a set of settings mails: "No email", or when and how many event types. */
export function emailSummary(email: Email): string {
  if (!email.enabled) return "No email";
  const when = email.mode === "immediate" ? "Immediately" : email.mode === "hourly" ? "Hourly digest" : "Daily digest";
  return `${when}, ${email.eventTypes.length} event type${email.eventTypes.length === 1 ? "" : "s"}`;
}
