"use client";

import Link from "next/link";
import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createTrigger, deleteTrigger, rotateTriggerSecret, routineKeys, type CreatedTriggerDto, type RoutineDto, type TriggerDto } from "@/lib/queries/routines";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { Dialog, DialogActions } from "@/components/ui/dialog.client";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { TriggerGlyph } from "@/components/routines/routines-view.client";
import { ScheduleForm } from "@/components/routines/schedule-form.client";
import { WebhookSecretPanel, WebhookTester } from "@/components/routines/webhook-secret.client";
import { formatInZone } from "@/components/routines/schedule";

type Shown = { trigger: CreatedTriggerDto; rotated: boolean };

/** A routine's triggers: add a schedule, a webhook (its secret shown once) or an API marker; rotate; remove. */
export function RoutineTriggers({ companyId, prefix, routine, canWrite }: { companyId: string; prefix: string; routine: RoutineDto; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<Shown | null>(null);
  const [removing, setRemoving] = useState<TriggerDto | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: routineKeys.all(companyId) });
  const add = useMutation({
    mutationFn: (kind: "webhook" | "api") => createTrigger(routine.id, { kind }),
    onSuccess: async (trigger) => {
      if (trigger.secret) setSecret({ trigger, rotated: false });
      await refresh();
    },
  });
  const rotate = useMutation({
    mutationFn: (triggerId: string) => rotateTriggerSecret(routine.id, triggerId),
    onSuccess: (trigger) => setSecret({ trigger, rotated: true }),
  });
  const remove = useMutation({
    mutationFn: (triggerId: string) => deleteTrigger(routine.id, triggerId),
    onSuccess: async () => {
      setRemoving(null);
      await refresh();
    },
  });

  return (
    <Card>
      <CardHeader title="Triggers" description="What fires the routine. Run now works with or without one." />
      <div className="space-y-3 px-5 py-4">
        <ApiErrorAlert error={add.error ?? rotate.error} />
        {routine.triggers.length === 0 && <p className="text-sm text-fg-muted">No triggers yet: add a schedule, a webhook for another system to call, or mark it as fired through the API.</p>}
        <ul className="space-y-3" aria-label="Triggers">
          {routine.triggers.map((t) => (
            <li key={t.id} className="rounded-md border border-line p-3" data-testid={`trigger-${t.kind}`}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="flex min-w-0 items-center gap-2 text-sm font-medium text-fg">
                  <TriggerGlyph kind={t.kind} className="size-4 shrink-0 text-fg-muted" />
                  {t.kind === "schedule" ? "Schedule" : t.kind === "webhook" ? "Webhook" : "API"}
                </p>
                {canWrite && (
                  <div className="flex flex-wrap gap-2">
                    {t.kind === "webhook" && <Button size="sm" onClick={() => rotate.mutate(t.id)} pending={rotate.isPending && rotate.variables === t.id}>Rotate secret</Button>}
                    <Button size="sm" variant="danger" onClick={() => { remove.reset(); setRemoving(t); }} aria-label={`Remove ${t.kind} trigger`}>Remove</Button>
                  </div>
                )}
              </div>
              <TriggerBody companyId={companyId} prefix={prefix} routineId={routine.id} trigger={t} canWrite={canWrite} />
            </li>
          ))}
        </ul>
        {canWrite && (
          <div className="flex flex-wrap gap-2 pt-1">
            <Button size="sm" onClick={() => setAdding(true)}>Add schedule</Button>
            <Button size="sm" onClick={() => add.mutate("webhook")} pending={add.isPending && add.variables === "webhook"}>Add webhook</Button>
            <Button size="sm" onClick={() => add.mutate("api")} pending={add.isPending && add.variables === "api"}>Add API trigger</Button>
          </div>
        )}
      </div>
      <Dialog open={adding} onClose={() => setAdding(false)} title="Add a schedule" description="When the routine fires, in a time zone of your choice." className="max-w-2xl">
        <ScheduleForm routineId={routine.id} onCancel={() => setAdding(false)} onDone={async () => { setAdding(false); await refresh(); }} />
      </Dialog>
      <Dialog open={!!secret} onClose={() => setSecret(null)} title={secret?.rotated ? "New webhook secret" : "Webhook created"} className="max-w-2xl">
        {secret && secret.trigger.url && secret.trigger.secret && (
          <WebhookSecretPanel companyId={companyId} prefix={prefix} routineId={routine.id} url={secret.trigger.url} secret={secret.trigger.secret}
            rotated={secret.rotated} onDone={() => setSecret(null)} />
        )}
      </Dialog>
      <Dialog open={!!removing} onClose={() => setRemoving(null)} title="Remove this trigger?"
        description={removing?.kind === "webhook" ? "Its URL will answer 404 from now on." : "The routine stops firing from it. Past runs stay."}>
        <ApiErrorAlert error={remove.error} />
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>Keep it</Button>
          <Button variant="destructive" pending={remove.isPending} onClick={() => removing && remove.mutate(removing.id)}>Remove trigger</Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

function TriggerBody({ companyId, prefix, routineId, trigger: t, canWrite }: { companyId: string; prefix: string; routineId: string; trigger: TriggerDto; canWrite: boolean }) {
  const [testing, setTesting] = useState(false);
  if (t.kind === "schedule") {
    return (
      <div className="mt-2 space-y-1 text-sm">
        <p className="text-fg">{t.description ?? t.cron}</p>
        <p className="text-xs text-fg-muted"><code className="font-mono">{t.cron}</code> · {t.timezone}</p>
        {t.nextFireTimes.length > 0 && (
          <details className="text-xs text-fg-muted">
            <summary className="cursor-pointer select-none">Next {t.nextFireTimes.length} times</summary>
            <ol className="mt-1 space-y-0.5 font-mono">
              {t.nextFireTimes.map((iso) => <li key={iso}><time dateTime={iso} suppressHydrationWarning>{formatInZone(iso, t.timezone ?? "UTC")}</time></li>)}
            </ol>
          </details>
        )}
      </div>
    );
  }
  if (t.kind === "webhook") {
    return (
      <div className="mt-2 space-y-2 text-sm">
        <p className="break-all font-mono text-xs text-fg-muted" data-testid="webhook-url">{t.url}</p>
        <p className="text-xs text-fg-subtle">The secret was shown when the webhook was created; rotate it to get a new one.</p>
        {canWrite && (testing ? (
          <WebhookTester companyId={companyId} prefix={prefix} routineId={routineId} url={t.url ?? ""} />
        ) : (
          <Button size="sm" variant="ghost" onClick={() => setTesting(true)}>Test with my secret…</Button>
        ))}
      </div>
    );
  }
  return (
    <p className="mt-2 text-xs text-fg-muted">
      Other systems fire it through the API (&ldquo;Run a routine now&rdquo; in the{" "}
      <Link href="/docs/api" className="text-indigo-700 hover:underline">API reference</Link>), signed in as a board member or as an agent above its assignee.
    </p>
  );
}
