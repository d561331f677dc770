"use client";

import { useMemo, useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { createTrigger } from "@/lib/queries/routines";
import { Button } from "@/components/ui/button";
import { DialogActions } from "@/components/ui/dialog.client";
import { Field, Input } from "@/components/ui/input";
import { ApiErrorAlert, fieldErrors } from "@/components/forms/api-error";
import { browserTimeZone, cronPresets, formatInZone, previewSchedule } from "@/components/routines/schedule";
import { TimeZonePicker } from "@/components/routines/time-zone-picker.client";

/**
 * Adds a schedule: a cron expression and a time zone (searched in the browser's list, the browser's
 * own by default), previewed as the browser types (in words
 * and as the next five times in that zone); the API's 422 details are shown under their field.
 */
export function ScheduleForm({ routineId, onDone, onCancel }: { routineId: string; onDone: () => void; onCancel: () => void }) {
  const [cron, setCron] = useState("0 9 * * 1-5");
  const [zone, setZone] = useState(browserTimeZone);
  const preview = useMemo(() => previewSchedule(cron, zone.trim()), [cron, zone]);
  const mutation = useMutation({
    mutationFn: () => createTrigger(routineId, { kind: "schedule", cron: cron.trim(), timezone: zone.trim() }),
    onSuccess: onDone,
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    mutation.mutate();
  }

  const err = mutation.error;
  // the API's word is final once it has spoken; until then the browser's preview guides the typing
  const cronErrors = fieldErrors(err, "cron");
  const zoneErrors = fieldErrors(err, "timezone");
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Add a schedule">
      <ApiErrorAlert error={err} fields={["cron", "timezone"]} />
      <div className="flex flex-wrap gap-1.5" role="group" aria-label="Common schedules">
        {cronPresets.map((p) => (
          <Button key={p.cron} size="sm" variant={cron === p.cron ? "primary" : "secondary"} onClick={() => { mutation.reset(); setCron(p.cron); }}>{p.label}</Button>
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Cron expression" htmlFor="schedule-cron" errors={cronErrors}
          hint="Five fields: minute, hour, day of month, month, day of week. For example 0 9 * * 1-5 is 09:00 on weekdays.">
          <Input id="schedule-cron" name="cron" required maxLength={200} value={cron} spellCheck={false} autoComplete="off"
            onChange={(e) => { mutation.reset(); setCron(e.target.value); }} aria-invalid={cronErrors.length > 0 || undefined} className="font-mono" />
        </Field>
        <Field label="Time zone" htmlFor="schedule-zone" errors={zoneErrors} hint="Type a city or region to search; yours comes first. Daylight-saving changes are followed.">
          <TimeZonePicker id="schedule-zone" value={zone} onChange={(z) => { mutation.reset(); setZone(z); }} invalid={zoneErrors.length > 0} />
        </Field>
      </div>
      <section aria-label="Schedule preview" aria-live="polite" className="rounded-md border border-line bg-surface-muted p-4 text-sm" data-testid="schedule-preview">
        {preview.ok ? (
          <>
            <p className="font-medium text-fg" data-testid="cron-words">{preview.words}</p>
            <p className="mt-2 text-xs font-medium text-fg-subtle">Next five times ({zone.trim()})</p>
            <ol className="mt-1 space-y-0.5 font-mono text-xs text-fg-muted" data-testid="next-fire-times">
              {preview.times.map((t) => <li key={t.toISOString()}><time dateTime={t.toISOString()}>{formatInZone(t, zone.trim())}</time></li>)}
            </ol>
          </>
        ) : (
          <p className="text-warning" data-testid="preview-problem">
            {preview.field === "cron" ? "Cron expression" : "Time zone"}: {preview.message}
          </p>
        )}
      </section>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" pending={mutation.isPending}>Add schedule</Button>
      </DialogActions>
    </form>
  );
}
