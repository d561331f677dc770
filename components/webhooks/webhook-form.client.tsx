"use client";

import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { createWebhook, type WebhookInput, type WebhookWithSecret } from "@/lib/queries/webhooks";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/alert";
import { Checkbox, Field, Input, Select } from "@/components/ui/input";

/** The new-subscription form: URL, format, event types. */
export function WebhookForm({ companyId, eventTypes, onCreated }: {
  companyId: string; eventTypes: readonly string[]; onCreated: (created: WebhookWithSecret) => void;
}) {
  const [url, setUrl] = useState("");
  const [format, setFormat] = useState<WebhookInput["format"]>("standard");
  const [chosen, setChosen] = useState<string[]>([]);
  const create = useMutation({
    mutationFn: () => createWebhook(companyId, { url: url.trim(), format, eventTypes: chosen }),
    onSuccess: (created) => { setUrl(""); setChosen([]); onCreated(created); },
  });
  const submit = (e: FormEvent) => { e.preventDefault(); create.mutate(); };
  const toggle = (type: string, on: boolean) => setChosen((old) => (on ? [...old, type] : old.filter((t) => t !== type)));
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="New webhook">
      <div className="grid gap-4 sm:grid-cols-[1fr_14rem]">
        <Field label="URL" htmlFor="webhook-url" hint="https; Charter refuses loopback, private and link-local addresses unless the operator allows them.">
          <Input id="webhook-url" type="url" required value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/charter" />
        </Field>
        <Field label="Format" htmlFor="webhook-format">
          <Select id="webhook-format" value={format} onChange={(e) => setFormat(e.target.value as WebhookInput["format"])}>
            <option value="standard">Standard Webhooks</option>
            <option value="slack">Slack</option>
            <option value="discord">Discord</option>
          </Select>
        </Field>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Events</legend>
        <div className="mt-2 grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
          {eventTypes.map((type) => (
            <Checkbox key={type} label={<span className="font-mono text-xs">{type}</span>} checked={chosen.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />
          ))}
        </div>
      </fieldset>
      {create.error && <Alert tone="error">{create.error.message}</Alert>}
      <Button type="submit" variant="primary" pending={create.isPending} disabled={chosen.length === 0 || !url.trim()}>Add webhook</Button>
    </form>
  );
}
