"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchMyNotifications, notificationKeys, saveMyNotifications, sendTestEmail, type NotificationPreferences } from "@/lib/queries/notifications";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { CompanySettings } from "@/components/notifications/company-settings.client";
import { EmailFields, type Email } from "@/components/notifications/email-fields.client";

/** The user's email preferences (default and per company) and the test email; `eventLabels` names each event type a user may choose. */
export function NotificationSettings({ initial, eventLabels }: { initial: NotificationPreferences; eventLabels: Array<[string, string]> }) {
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: notificationKeys.mine(), queryFn: fetchMyNotifications, initialData: initial });
  const [draft, setDraft] = useState<Email>(data.email);
  const save = useMutation({
    mutationFn: () => saveMyNotifications({ email: draft }),
    onSuccess: (saved) => { queryClient.setQueryData(notificationKeys.mine(), saved); setDraft(saved.email); },
  });
  const test = useMutation({ mutationFn: sendTestEmail });
  const submit = (e: FormEvent) => { e.preventDefault(); save.mutate(); };

  return (
    <div className="space-y-6">
      {!data.mailConfigured && (
        <Alert tone="warning" title="Mail is off">
          This Charter sends no email: set SMTP_URL and MAIL_FROM (see the operations guide). Your choices are kept for when it does.
        </Alert>
      )}
      <Card>
        <CardHeader title="Email: my default" description="Which events reach your inbox, and when, for every company that follows your default. Only companies you are a board member of are ever mailed to you." />
        <CardBody>
          <form onSubmit={submit} className="space-y-5" aria-label="Email notifications">
            <EmailFields draft={draft} onChange={setDraft} eventLabels={eventLabels} enabledLabel="Email me notifications" />
            <ApiErrorAlert error={save.error} />
            {save.isSuccess && <p role="status" className="text-sm text-emerald-700">Saved.</p>}
            <Button type="submit" variant="primary" pending={save.isPending}>Save preferences</Button>
          </form>
        </CardBody>
      </Card>
      <CompanySettings data={data} eventLabels={eventLabels} />
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
