"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchMyNotifications, notificationKeys, saveMyNotifications, sendTestEmail, type NotificationPreferences } from "@/lib/queries/notifications";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Checkbox, Field, Select } from "@/components/ui/input";
import { ApiErrorAlert } from "@/components/forms/api-error";

type Email = NotificationPreferences["email"];

const modes: Array<[Email["mode"], string]> = [["immediate", "Immediately, one email per event"], ["hourly", "An hourly digest"], ["daily", "A daily digest"]];

/** The user's email preferences and the test email; `eventLabels` names each event type a user may choose. */
export function NotificationSettings({ initial, eventLabels }: { initial: NotificationPreferences; eventLabels: Array<[string, string]> }) {
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: notificationKeys.mine(), queryFn: fetchMyNotifications, initialData: initial });
  const [draft, setDraft] = useState<Email>(data.email);
  const save = useMutation({
    mutationFn: () => saveMyNotifications({ email: draft }),
    onSuccess: (saved) => { queryClient.setQueryData(notificationKeys.mine(), saved); setDraft(saved.email); },
  });
  const test = useMutation({ mutationFn: sendTestEmail });
  const toggle = (type: string, on: boolean) =>
    setDraft((d) => ({ ...d, eventTypes: (on ? [...d.eventTypes, type] : d.eventTypes.filter((t) => t !== type)) as Email["eventTypes"] }));
  const submit = (e: FormEvent) => { e.preventDefault(); save.mutate(); };

  return (
    <div className="space-y-6">
      {!data.mailConfigured && (
        <Alert tone="warning" title="Mail is off">
          This Charter sends no email: set SMTP_URL and MAIL_FROM (see the operations guide). Your choices are kept for when it does.
        </Alert>
      )}
      <Card>
        <CardHeader title="Email" description="Which events reach your inbox, and when. Only companies you are a board member of are ever mailed to you." />
        <CardBody>
          <form onSubmit={submit} className="space-y-5" aria-label="Email notifications">
            <Checkbox label="Email me notifications" checked={draft.enabled} onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })} />
            <Field label="When" htmlFor="email-mode">
              <Select id="email-mode" value={draft.mode} onChange={(e) => setDraft({ ...draft, mode: e.target.value as Email["mode"] })} disabled={!draft.enabled}>
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
            <ApiErrorAlert error={save.error} />
            {save.isSuccess && <p role="status" className="text-sm text-emerald-700">Saved.</p>}
            <Button type="submit" variant="primary" pending={save.isPending}>Save preferences</Button>
          </form>
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Test email" description="Sends one email to your address now, so you can check that mail arrives." />
        <CardBody className="space-y-3">
          <Button onClick={() => test.mutate()} pending={test.isPending} disabled={!data.mailConfigured}>Send a test email</Button>
          <ApiErrorAlert error={test.error} />
          {test.data && <p role="status" className="text-sm text-emerald-700">Sent to {test.data.to}.</p>}
        </CardBody>
      </Card>
    </div>
  );
}
