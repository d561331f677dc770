"use client";

import { useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { agentKeys, fetchConfigRevisions, rollbackConfig, type ConfigRevision } from "@/lib/queries/agents";
import { formatDateTime } from "@/lib/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog.client";
import { JsonView } from "@/components/agents/json-view";
import { useAgentChanged } from "@/components/agents/use-agent-cache";
import { configChanges, shownValue } from "@/components/agents/config-diff";

const reasons: Record<string, string> = { created: "Created", update: "Changed", rollback: "Rolled back", instructions: "Instructions edited", import: "Imported" };
const keyLabels: Record<string, string> = { adapterType: "adapter", adapterConfig: "adapter config", runtimeConfig: "runtime config", instructions: "instructions" };

/** Every configuration the agent has had, newest first; an older one can be re-applied. */
export function ConfigRevisionsCard({ companyId, agentId, initialRevisions, canRollback }: {
  companyId: string; agentId: string; initialRevisions: ConfigRevision[]; canRollback: boolean;
}) {
  const changed = useAgentChanged(companyId);
  const { data: revisions } = useQuery({
    queryKey: agentKeys.revisions(companyId, agentId),
    queryFn: () => fetchConfigRevisions(agentId),
    initialData: initialRevisions,
  });
  const [target, setTarget] = useState<ConfigRevision | null>(null);
  const rollback = useMutation({
    mutationFn: (revisionId: string) => rollbackConfig(agentId, revisionId),
    onSuccess: async (agent) => {
      setTarget(null);
      await changed(agent);
    },
  });
  const latest = revisions[0]?.revision;
  const byId = new Map(revisions.map((r) => [r.id, r.revision]));

  return (
    <Card>
      <CardHeader title="Configuration history" description={`${revisions.length} ${revisions.length === 1 ? "revision" : "revisions"}`} />
      <ul className="divide-y divide-slate-100" data-testid="config-revisions">
        {revisions.map((r, i) => (
          <li key={r.id} className="px-5 py-3">
            <details className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-3">
                <div className="min-w-0">
                  <p className="flex items-center gap-2 text-sm font-medium text-slate-800">
                    Revision {r.revision}
                    {r.revision === latest && <Badge tone="green">Current</Badge>}
                  </p>
                  <p className="truncate text-xs text-slate-600">
                    {reasons[r.reason] ?? r.reason}
                    {r.rolledBackFromId && byId.has(r.rolledBackFromId) ? ` to revision ${byId.get(r.rolledBackFromId)}` : ""}
                    {r.reason === "update" && r.changedKeys.length > 0 ? `: ${r.changedKeys.map((k) => keyLabels[k] ?? k).join(", ")}` : ""}
                  </p>
                  <p className="text-xs text-slate-400">{formatDateTime(r.createdAt)}</p>
                </div>
                <div className="flex shrink-0 items-center gap-2">
                  {canRollback && r.revision !== latest && (
                    <Button size="sm" onClick={(e) => { e.preventDefault(); rollback.reset(); setTarget(r); }}>Roll back</Button>
                  )}
                  <span className="text-xs text-slate-400 group-open:rotate-90 transition-transform" aria-hidden="true">▸</span>
                </div>
              </summary>
              <RevisionDiff revision={r} previous={revisions[i + 1]} />
            </details>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={target !== null}
        onClose={() => setTarget(null)}
        onConfirm={() => target && rollback.mutate(target.id)}
        pending={rollback.isPending}
        error={rollback.error?.message}
        title={`Roll back to revision ${target?.revision}?`}
        confirmLabel="Roll back"
        destructive={false}
      >
        The adapter type, configuration and instructions of revision {target?.revision} become current again, recorded as a new revision. Nothing else changes.
      </ConfirmDialog>
    </Card>
  );
}

/** The keys this revision changed against the one before it (the first shows its whole config), and the full config. */
function RevisionDiff({ revision, previous }: { revision: ConfigRevision; previous?: ConfigRevision }) {
  const changes = configChanges(previous?.config ?? {}, revision.config);
  return (
    <div className="mt-3 space-y-2" data-testid="revision-diff">
      {changes.length === 0 ? (
        <p className="text-xs text-slate-500">No visible change: secret values are never shown, so a changed secret looks the same.</p>
      ) : (
        <div className="space-y-1.5">
          {changes.map((c) => (
            <div key={c.path} className="rounded-md bg-slate-50 px-2.5 py-1.5 text-xs" data-change={c.path}>
              <p className="break-all font-mono font-medium text-slate-700">{c.path}</p>
              <p className="mt-0.5 flex flex-wrap items-baseline gap-x-1.5 font-mono">
                {previous && <del className="break-all text-red-700 decoration-red-300" aria-label="before">{shownValue(c.before)}</del>}
                {previous && <span className="text-slate-400" aria-hidden="true">→</span>}
                <ins className="break-all text-emerald-800 no-underline" aria-label="after">{shownValue(c.after)}</ins>
              </p>
            </div>
          ))}
        </div>
      )}
      <details>
        <summary className="cursor-pointer text-xs text-slate-500 hover:text-slate-700">Full configuration</summary>
        <JsonView value={revision.config} className="mt-2 max-h-60" />
      </details>
    </div>
  );
}
