"use client";

import Link from "next/link";
import { useState } from "react";
import { useRouter } from "next/navigation";
import type { RoutineDto, RoutineRunDto, RunIssueRef, TriggerDto } from "@/lib/queries/routines";
import { formatDateTime } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog.client";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { PlusGlyph } from "@/components/ui/glyphs";
import { PriorityLabel } from "@/components/issues/issue-badges";
import type { Directory } from "@/components/issues/directory";
import { RoutineForm } from "@/components/routines/routine-form.client";
import { RoutineStatusBadge, RunIssueLink, RunOutcomeBadge, skipReasonWords } from "@/components/routines/routine-badges";
import { formatInZone } from "@/components/routines/schedule";

interface Props {
  companyId: string;
  prefix: string;
  routines: RoutineDto[];
  recentRuns: Record<string, RoutineRunDto[]>;
  issues: Record<string, RunIssueRef>;
  directory: Directory;
  canWrite: boolean;
}

/** The routines page: every routine with its triggers, next fire and latest runs, and "New routine". */
export function RoutinesView({ companyId, prefix, routines, recentRuns, issues, directory, canWrite }: Props) {
  const router = useRouter();
  const [creating, setCreating] = useState(false);
  const agentName = new Map(directory.agents.map((a) => [a.id, a.name]));
  const paused = routines.filter((r) => r.status === "paused").length;

  const newButton = canWrite ? (
    <Button variant="primary" onClick={() => setCreating(true)}>
      <PlusGlyph />
      New routine
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title="Routines"
        description={routines.length === 0 ? "Recurring and triggered work for your agents." : `${routines.length} ${routines.length === 1 ? "routine" : "routines"}${paused ? ` · ${paused} paused` : ""}`}
        actions={routines.length > 0 ? newButton : undefined}
      />
      {routines.length === 0 ? (
        <EmptyState icon={<RoutineGlyph />} title="No routines yet" action={newButton}>
          A routine is work an agent does again and again: a daily triage, a weekly report, a check that starts when another
          system calls in. Each time it fires, on a schedule, from a webhook or by hand, Charter creates an issue for the agent
          and wakes it.
        </EmptyState>
      ) : (
        <Card>
          <ul className="divide-y divide-line" aria-label="Routines">
            {routines.map((r) => (
              <RoutineRow key={r.id} prefix={prefix} routine={r} runs={recentRuns[r.id] ?? []} issues={issues} agentName={agentName.get(r.assigneeAgentId)} />
            ))}
          </ul>
        </Card>
      )}
      {canWrite && (
        <Dialog open={creating} onClose={() => setCreating(false)} title="New routine" description="Add its schedule, webhook or API trigger on the next page." className="max-w-3xl">
          <RoutineForm
            companyId={companyId}
            directory={directory}
            onCancel={() => setCreating(false)}
            onDone={(routine) => router.push(`/${prefix}/routines/${routine.id}`)}
          />
        </Dialog>
      )}
    </>
  );
}

function RoutineRow({ prefix, routine, runs, issues, agentName }: {
  prefix: string; routine: RoutineDto; runs: RoutineRunDto[]; issues: Record<string, RunIssueRef>; agentName?: string;
}) {
  const nextZone = routine.triggers.find((t) => t.nextFireTimes[0] === routine.nextFireAt)?.timezone ?? "UTC";
  return (
    <li className="grid gap-3 px-4 py-4 sm:px-5 md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1.2fr)]" data-testid="routine-row">
      <div className="min-w-0 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <Link href={`/${prefix}/routines/${routine.id}`} className="min-w-0 truncate font-medium text-fg hover:text-link">{routine.name}</Link>
          <RoutineStatusBadge status={routine.status} />
        </div>
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-fg-muted">
          <span>{agentName ?? "Unknown agent"}</span>
          <PriorityLabel priority={routine.priority} />
        </p>
        <TriggerSummary triggers={routine.triggers} />
      </div>
      <div className="min-w-0 text-sm">
        <p className="text-xs font-medium text-fg-subtle">Next fire</p>
        {routine.status === "paused" ? (
          <p className="text-fg-muted">Paused</p>
        ) : routine.nextFireAt ? (
          <p className="text-fg" title={formatDateTime(routine.nextFireAt)}>
            <time dateTime={routine.nextFireAt} suppressHydrationWarning>{formatInZone(routine.nextFireAt, nextZone)}</time>{" "}
            <span className="text-xs text-fg-subtle">{nextZone}</span>
          </p>
        ) : (
          <p className="text-fg-muted">{routine.triggers.length === 0 ? "No trigger yet" : "On a webhook or API call"}</p>
        )}
      </div>
      <div className="min-w-0">
        <p className="text-xs font-medium text-fg-subtle">Last runs</p>
        {runs.length === 0 ? (
          <p className="text-sm text-fg-muted">Not fired yet</p>
        ) : (
          <ul className="mt-1 space-y-1" aria-label={`Last runs of ${routine.name}`}>
            {runs.slice(0, 3).map((run) => (
              <li key={run.id} className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 text-xs">
                <RunOutcomeBadge run={run} />
                <RunIssueLink prefix={prefix} run={run} issue={run.issueId ? issues[run.issueId] : undefined} compact />
                {run.reason && <span className="text-fg-muted">{skipReasonWords[run.reason] ?? run.reason}</span>}
                <time dateTime={run.createdAt} className="text-fg-subtle" title={formatDateTime(run.createdAt)} suppressHydrationWarning>
                  {formatInZone(run.createdAt, "UTC")} UTC
                </time>
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

/** "At 09:00, Monday through Friday (Europe/Paris) · Webhook · API", one line per trigger. */
function TriggerSummary({ triggers }: { triggers: TriggerDto[] }) {
  if (triggers.length === 0) return <p className="text-xs text-warning">No trigger: it fires only with Run now</p>;
  return (
    <ul className="space-y-0.5 text-xs text-fg-muted">
      {triggers.map((t) => (
        <li key={t.id} className="flex min-w-0 items-center gap-1.5">
          <TriggerGlyph kind={t.kind} />
          {t.kind === "schedule" ? (
            <span className="min-w-0 truncate" title={`${t.cron} (${t.timezone})`}>{t.description ?? t.cron} <span className="text-fg-subtle">({t.timezone})</span></span>
          ) : t.kind === "webhook" ? <span>Webhook</span> : <span>API</span>}
        </li>
      ))}
    </ul>
  );
}

const triggerPaths: Record<string, string> = {
  schedule: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2",
  webhook: "M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7",
  api: "M8 9l-4 3 4 3M16 9l4 3-4 3M13.5 6l-3 12",
};

export function TriggerGlyph({ kind, className = "size-3.5 shrink-0 text-fg-subtle" }: { kind: string; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={triggerPaths[kind] ?? triggerPaths.api} />
    </svg>
  );
}

function RoutineGlyph() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M21 12a9 9 0 1 1-3-6.7L21 8M21 3v5h-5M12 7v5l3 2" />
    </svg>
  );
}
