"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { routineKeys } from "@/lib/queries/routines";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field.client";
import { Field, Input } from "@/components/ui/input";
import { RunOutcomeBadge } from "@/components/routines/routine-badges";
import { canSignHere, sendTestDelivery, type DeliveryResult } from "@/components/routines/webhook-delivery";

/** A new (or rotated) webhook secret, shown this once beside its URL, with a test delivery. */
export function WebhookSecretPanel({ companyId, prefix, routineId, url, secret, rotated, onDone }: {
  companyId: string; prefix: string; routineId: string; url: string; secret: string; rotated: boolean; onDone: () => void;
}) {
  return (
    <div className="space-y-4" data-testid="webhook-secret-panel">
      <Alert tone="warning" title="Copy the secret now: it is shown only once">
        {rotated ? "The old secret stopped working. " : ""}Charter keeps it sealed and will not show it again; if it is lost, rotate it.
      </Alert>
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-fg">URL</p>
        <CopyField value={url} label="Webhook URL" />
      </div>
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-fg">Secret</p>
        <CopyField value={secret} label="Webhook secret" />
      </div>
      <p className="text-xs text-fg-muted">
        Senders sign each POST: <code className="font-mono">X-Charter-Timestamp</code> (unix seconds), <code className="font-mono">X-Charter-Delivery</code> (their id
        for the delivery) and <code className="font-mono">X-Charter-Signature: sha256=&lt;hex HMAC-SHA256 of &quot;timestamp.body&quot;&gt;</code>.
      </p>
      <WebhookTester companyId={companyId} prefix={prefix} routineId={routineId} url={url} secret={secret} />
      <div className="flex justify-end border-t border-line pt-4">
        <Button variant="primary" onClick={onDone}>I have copied it</Button>
      </div>
    </div>
  );
}

/**
 * Sends a signed test delivery from this page. With the secret on screen it signs with it;
 * otherwise the user pastes the secret they kept (it is not stored in the page).
 */
export function WebhookTester({ companyId, prefix, routineId, url, secret }: {
  companyId: string; prefix: string; routineId: string; url: string; secret?: string;
}) {
  const queryClient = useQueryClient();
  const [result, setResult] = useState<DeliveryResult | null>(null);
  const [pending, setPending] = useState(false);
  const [typed, setTyped] = useState("");

  async function send(e?: FormEvent) {
    e?.preventDefault();
    setPending(true);
    try {
      setResult(await sendTestDelivery(url, secret ?? typed.trim()));
      await queryClient.invalidateQueries({ queryKey: routineKeys.all(companyId) });
    } catch (err) {
      setResult({ ok: false, status: 0, message: err instanceof Error ? err.message : String(err) });
    } finally {
      setPending(false);
    }
  }

  if (!canSignHere()) {
    return <Alert tone="info">Test deliveries are signed in the browser, which needs this page on https (or localhost). Use the curl example in the guide instead.</Alert>;
  }
  return (
    <form onSubmit={send} className="space-y-3 rounded-md border border-line bg-surface-muted p-3" aria-label="Test delivery">
      {!secret && (
        <Field label="Secret" htmlFor={`test-secret-${routineId}`} hint="The secret you copied when the webhook was created or last rotated. It is used here only to sign.">
          <Input id={`test-secret-${routineId}`} type="password" autoComplete="off" required value={typed} onChange={(e) => setTyped(e.target.value)} className="font-mono" />
        </Field>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" pending={pending}>Send a test delivery</Button>
        <span className="text-xs text-fg-muted">A small signed JSON body, like a real sender&apos;s; it makes a real run.</span>
      </div>
      {result && (result.ok ? (
        <p role="status" className="flex flex-wrap items-center gap-2 text-sm text-fg" data-testid="delivery-result">
          Delivered ({result.status}): <RunOutcomeBadge run={result.run} />
          {result.run.issueId && <Link href={`/${prefix}/issues/${result.run.issueId}`} className="text-link hover:underline">Open its issue</Link>}
        </p>
      ) : (
        <p role="alert" className="text-sm text-danger" data-testid="delivery-result">Refused ({result.status}): {result.message}</p>
      ))}
    </form>
  );
}
