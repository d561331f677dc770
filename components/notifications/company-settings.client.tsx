"use client";

import { useId, useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { notificationKeys, resetMyCompanyNotifications, saveMyCompanyNotifications, type NotificationPreferences } from "@/lib/queries/notifications";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { EmailFields, emailSummary, type Email } from "@/components/notifications/email-fields.client";

type CompanyRow = NotificationPreferences["companies"][number];

/** Each of the user's companies: following their defaults, or with settings of its own. */
export function CompanySettings({ data, eventLabels }: { data: NotificationPreferences; eventLabels: Array<[string, string]> }) {
  return (
    <Card>
      <CardHeader title="Per company" description="Each company follows your default above unless you give it settings of its own, which then decide all of its email." />
      {data.companies.length === 0 ? (
        <CardBody><p className="text-sm text-slate-500">You are not on the board of any company, so no company emails you.</p></CardBody>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Companies">
          {data.companies.map((row) => <CompanyItem key={row.companyId} row={row} defaults={data.email} eventLabels={eventLabels} />)}
        </ul>
      )}
    </Card>
  );
}

function CompanyItem({ row, defaults, eventLabels }: { row: CompanyRow; defaults: Email; eventLabels: Array<[string, string]> }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <li className="px-5 py-3">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-slate-900" title={row.companyName}>{row.companyName}</p>
          <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-slate-500">
            {row.email ? <><Badge tone="indigo">Own settings</Badge>{emailSummary(row.email)}</> : "Same as my default"}
          </p>
        </div>
        <Button size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)} aria-label={`${open ? "Close" : "Change"} email settings for ${row.companyName}`}>
          {open ? "Close" : "Change"}
        </Button>
      </div>
      {open && <div id={panelId}><CompanyForm row={row} defaults={defaults} eventLabels={eventLabels} /></div>}
    </li>
  );
}

/** One company's own settings: saved as its override, or dropped so it follows the defaults again. */
function CompanyForm({ row, defaults, eventLabels }: { row: CompanyRow; defaults: Email; eventLabels: Array<[string, string]> }) {
  const queryClient = useQueryClient();
  // a company without its own settings starts from the default, the settings it follows today
  const [draft, setDraft] = useState<Email>(row.email ?? defaults);
  const [done, setDone] = useState<string | null>(null);
  const saved = (next: NotificationPreferences, message: string) => {
    queryClient.setQueryData(notificationKeys.mine(), next);
    setDraft(next.companies.find((c) => c.companyId === row.companyId)?.email ?? next.email);
    setDone(message);
  };
  const save = useMutation({
    mutationFn: () => saveMyCompanyNotifications(row.companyId, { email: draft }),
    onMutate: () => setDone(null),
    onSuccess: (next) => saved(next, "Saved."),
  });
  const reset = useMutation({
    mutationFn: () => resetMyCompanyNotifications(row.companyId),
    onMutate: () => setDone(null),
    onSuccess: (next) => saved(next, "Back to your default."),
  });
  const submit = (e: FormEvent) => { e.preventDefault(); save.mutate(); };

  return (
    <form onSubmit={submit} className="mt-4 space-y-5" aria-label={`Email settings for ${row.companyName}`}>
      <EmailFields draft={draft} onChange={setDraft} eventLabels={eventLabels} enabledLabel={`Email me about ${row.companyName}`} />
      <ApiErrorAlert error={save.error ?? reset.error} />
      {done && <p role="status" className="text-sm text-emerald-700">{done}</p>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="primary" pending={save.isPending}>Save for this company</Button>
        {row.email && <Button onClick={() => reset.mutate()} pending={reset.isPending}>Use my default</Button>}
      </div>
    </form>
  );
}
