"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  deleteWebhook, fetchWebhooks, rotateWebhookSecret, testWebhook, updateWebhook, webhookKeys, type WebhookDto, type WebhookWithSecret,
} from "@/lib/queries/webhooks";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyField } from "@/components/ui/copy-field.client";
import { ConfirmDialog } from "@/components/ui/dialog.client";
import { EmptyState } from "@/components/ui/empty-state";
import { WebhookDeliveries } from "@/components/webhooks/webhook-deliveries.client";
import { WebhookForm } from "@/components/webhooks/webhook-form.client";

/** A company's webhook subscriptions: add, test, rotate, pause, delete, and each one's delivery log. */
export function WebhooksView({ companyId, eventTypes, initialWebhooks }: {
  companyId: string; eventTypes: readonly string[]; initialWebhooks: WebhookDto[];
}) {
  const queryClient = useQueryClient();
  const { data: webhooks } = useQuery({ queryKey: webhookKeys.list(companyId), queryFn: () => fetchWebhooks(companyId), initialData: initialWebhooks });
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const [deleting, setDeleting] = useState<WebhookDto | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all(companyId) });
  const act = useMutation({
    mutationFn: async ({ hook, action }: { hook: WebhookDto; action: "test" | "rotate" | "toggle" | "delete" }) => {
      if (action === "test") await testWebhook(hook.id);
      else if (action === "rotate") setSecret(await rotateWebhookSecret(hook.id));
      else if (action === "toggle") await updateWebhook(hook.id, { enabled: !hook.enabled });
      else { await deleteWebhook(hook.id); setDeleting(null); }
    },
    onSettled: refresh,
  });

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader title="Add a webhook" description="Signed with the Standard Webhooks scheme; Slack and Discord take their incoming-webhook URL." />
        <CardBody>
          <WebhookForm companyId={companyId} eventTypes={eventTypes} onCreated={(created) => { setSecret(created); void refresh(); }} />
        </CardBody>
      </Card>
      {secret && (
        <Alert tone="success" title="The signing secret, shown only now">
          <p className="mb-2 text-sm">Store it where your receiver verifies signatures; Charter keeps no readable copy to show again.</p>
          <CopyField value={secret.secret} label="Signing secret" />
          <Button size="sm" variant="ghost" className="mt-2" onClick={() => setSecret(null)}>Done</Button>
        </Alert>
      )}
      {act.error && <Alert tone="error">{act.error.message}</Alert>}
      {webhooks.length === 0 ? (
        <EmptyState title="No webhooks yet">Each webhook you add appears here with its delivery log; other systems can then react to approvals, issues, runs and budgets as they happen.</EmptyState>
      ) : webhooks.map((hook) => (
        <Card key={hook.id} data-testid="webhook" data-url={hook.url}>
          <CardHeader
            className="flex-wrap"
            title={<span className="break-all font-mono text-sm">{hook.url}</span>}
            description={<>
              <Badge tone={hook.enabled ? "green" : "gray"}>{hook.enabled ? "enabled" : hook.disabledAt ? "disabled after failures" : "paused"}</Badge>{" "}
              <Badge tone="indigo">{hook.format}</Badge>{" "}
              <span className="break-words text-xs">{hook.eventTypes.join(", ")}</span>
            </>}
            actions={<div className="flex flex-wrap gap-1">
              <Button size="sm" onClick={() => act.mutate({ hook, action: "test" })} disabled={!hook.enabled}>Send test</Button>
              <Button size="sm" variant="ghost" onClick={() => act.mutate({ hook, action: "rotate" })}>Rotate secret</Button>
              <Button size="sm" variant="ghost" onClick={() => act.mutate({ hook, action: "toggle" })}>{hook.enabled ? "Pause" : "Enable"}</Button>
              <Button size="sm" variant="danger" onClick={() => setDeleting(hook)}>Delete</Button>
            </div>}
          />
          {hook.failingSince && hook.enabled && (
            <p className="px-4 pb-2 text-xs text-amber-700">Failing since {new Date(hook.failingSince).toLocaleString()}; 3 days of failures disable it.</p>
          )}
          <WebhookDeliveries companyId={companyId} webhookId={hook.id} />
        </Card>
      ))}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && act.mutate({ hook: deleting, action: "delete" })}
        title="Delete this webhook?"
        confirmLabel="Delete webhook"
        pending={act.isPending}
      >
        Its delivery log goes with it; nothing more is sent to {deleting?.url}.
      </ConfirmDialog>
    </div>
  );
}
