"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { agentKeys, createAgentKey, fetchAgentKeys, revokeAgentKey, type AgentKey, type CreatedAgentKey } from "@/lib/queries/agents";
import { activityKeys } from "@/lib/queries/activity";
import { formatDate } from "@/lib/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog.client";
import { CopyField } from "@/components/ui/copy-field.client";
import { Input } from "@/components/ui/input";
import { WarningGlyph } from "@/components/ui/glyphs";
import { ApiErrorAlert } from "@/components/forms/api-error";

/** The agent's API keys: list, create (the token is shown once), revoke. */
export function AgentKeysCard({ companyId, agentId, initialKeys, disabled }: { companyId: string; agentId: string; initialKeys: AgentKey[]; disabled: boolean }) {
  const queryClient = useQueryClient();
  const queryKey = agentKeys.apiKeys(companyId, agentId);
  const { data: keys } = useQuery({ queryKey, queryFn: () => fetchAgentKeys(agentId), initialData: initialKeys });
  const [created, setCreated] = useState<CreatedAgentKey | null>(null);
  const [revoking, setRevoking] = useState<AgentKey | null>(null);
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey }), queryClient.invalidateQueries({ queryKey: activityKeys.all(companyId) })]);

  const create = useMutation({
    mutationFn: (name: string) => createAgentKey(agentId, name),
    onSuccess: async (key, _name) => {
      setCreated(key);
      await refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (keyId: string) => revokeAgentKey(agentId, keyId),
    onSuccess: async () => {
      setRevoking(null);
      await refresh();
    },
  });

  function onCreate(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const name = String(new FormData(form).get("name") ?? "").trim() || "API key";
    create.mutate(name, { onSuccess: () => form.reset() });
  }

  const active = keys.filter((k) => !k.revokedAt);
  return (
    <Card>
      <CardHeader title="API keys" description={`${active.length} active · for use outside runs`} />
      <CardBody className="space-y-4">
        {created && (
          <div className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-3" data-testid="new-key">
            <p className="flex items-start gap-2 text-sm font-medium text-amber-900">
              <WarningGlyph className="mt-0.5 shrink-0" />
              Copy “{created.name}” now. It is shown only this once; Charter keeps just a digest.
            </p>
            <CopyField value={created.token} label="New API key" />
            <div className="flex justify-end border-t border-amber-200 pt-2">
              <Button size="sm" variant="ghost" onClick={() => setCreated(null)}>I have copied it</Button>
            </div>
          </div>
        )}
        <p className="text-xs text-slate-500" data-testid="keys-explained">
          Every run gets its own short-lived key, revoked when the run ends. Create a long-lived key only to act as this agent outside a run: a script, a test, an MCP client.
        </p>
        {!disabled && (
          <form onSubmit={onCreate} className="flex gap-2" aria-label="Create API key">
            <Input name="name" placeholder="Key name, e.g. laptop" maxLength={100} aria-label="Key name" />
            <Button type="submit" variant="primary" pending={create.isPending}>Create key</Button>
          </form>
        )}
        <ApiErrorAlert error={create.error} />
        {keys.length === 0 ? (
          <p className="text-sm text-slate-500">No keys yet, and none is needed to run: every run gets a key of its own.</p>
        ) : (
          <ul className="-mx-5 divide-y divide-slate-100 border-t border-slate-100" data-testid="key-list">
            {keys.map((k) => (
              <li key={k.id} className="flex items-center justify-between gap-3 px-5 py-2.5">
                <div className="min-w-0">
                  <p className={k.revokedAt ? "truncate text-sm text-slate-400 line-through" : "truncate text-sm font-medium text-slate-800"}>{k.name}</p>
                  <p className="text-xs text-slate-500">
                    Created {formatDate(k.createdAt)}{k.revokedAt && ` · revoked ${formatDate(k.revokedAt)}`}
                  </p>
                </div>
                {k.revokedAt ? (
                  <Badge tone="gray">Revoked</Badge>
                ) : (
                  <Button size="sm" variant="danger" onClick={() => { revoke.reset(); setRevoking(k); }}>Revoke</Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardBody>
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
        pending={revoke.isPending}
        error={revoke.error?.message}
        title="Revoke this key?"
        confirmLabel="Revoke key"
      >
        Anything using “{revoking?.name}” gets 401 from now on. This cannot be undone; create a new key instead.
      </ConfirmDialog>
    </Card>
  );
}
