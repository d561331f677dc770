"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  deleteRoutine, fetchRoutine, routineKeys, runRoutine, updateRoutine, type RoutineDto, type RoutineRunDto, type RunIssueRef,
} from "@/lib/queries/routines";
import type { Page } from "@/lib/queries/fetcher";
import { humanize } from "@/lib/format";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ChevronRightGlyph } from "@/components/ui/glyphs";
import { Dialog, DialogActions } from "@/components/ui/dialog.client";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { MarkdownText } from "@/components/markdown/render";
import { PriorityLabel } from "@/components/issues/issue-badges";
import type { PickedIssue } from "@/components/issues/issue-picker.client";
import type { Directory } from "@/components/issues/directory";
import { RoutineForm } from "@/components/routines/routine-form.client";
import { RoutineRuns } from "@/components/routines/routine-runs.client";
import { RoutineTriggers } from "@/components/routines/routine-triggers.client";
import { RoutineStatusBadge, RunOutcomeBadge, skipReasonWords } from "@/components/routines/routine-badges";

interface Props {
  companyId: string;
  prefix: string;
  initialRoutine: RoutineDto;
  initialRuns: Page<RoutineRunDto>;
  issues: Record<string, RunIssueRef>;
  parentIssue: PickedIssue | null;
  directory: Directory;
  canWrite: boolean;
  canRun: boolean;
}

const policyWords: Record<string, string> = {
  skip_if_active: "Skip while its issue is open",
  coalesce_if_active: "Add to the open issue",
  always_create: "Always create an issue",
  skip_missed: "Skip missed times",
  run_once: "Run once to catch up",
};

/** One routine: what it does, its triggers, its runs; run now, pause or resume, edit, delete. */
export function RoutineDetail({ companyId, prefix, initialRoutine, initialRuns, issues, parentIssue, directory, canWrite, canRun }: Props) {
  const { data: routine } = useQuery({
    queryKey: routineKeys.detail(companyId, initialRoutine.id),
    queryFn: () => fetchRoutine(initialRoutine.id),
    initialData: initialRoutine,
  });
  return (
    <div className="space-y-6">
      <RoutineHeader companyId={companyId} prefix={prefix} routine={routine} parentIssue={parentIssue} directory={directory} canWrite={canWrite} canRun={canRun} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Card>
            <CardHeader title="What to do" description="Each issue the routine creates gets this description." />
            <CardBody>
              {routine.description.trim() ? <MarkdownText prefix={prefix} agents={directory.agents}>{routine.description}</MarkdownText> : <p className="text-sm text-fg-subtle">No description.</p>}
            </CardBody>
          </Card>
          <RoutineTriggers companyId={companyId} prefix={prefix} routine={routine} canWrite={canWrite} />
          <RoutineRuns companyId={companyId} prefix={prefix} routineId={routine.id} initial={initialRuns} issues={issues} />
        </div>
        <div className="order-first lg:order-none">
          <Properties routine={routine} directory={directory} parentIssue={parentIssue} prefix={prefix} />
        </div>
      </div>
    </div>
  );
}

/** The routine's name, status and agent, and what can be done to it. */
function RoutineHeader({ companyId, prefix, routine, parentIssue, directory, canWrite, canRun }: Omit<Props, "initialRoutine" | "initialRuns" | "issues"> & { routine: RoutineDto }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: routineKeys.all(companyId) });
    router.refresh(); // the runs' issue names come from the server
  };
  const run = useMutation({ mutationFn: () => runRoutine(routine.id), onSuccess: refresh });
  const toggle = useMutation({
    mutationFn: () => updateRoutine(routine.id, { status: routine.status === "active" ? "paused" : "active" }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => deleteRoutine(routine.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: routineKeys.all(companyId) });
      router.push(`/${prefix}/routines`);
    },
  });
  const agent = directory.agents.find((a) => a.id === routine.assigneeAgentId);

  return (
    <>
      <nav aria-label="Breadcrumb" className="flex min-w-0 items-center gap-1 text-sm text-fg-muted">
        <Link href={`/${prefix}/routines`} className="hover:text-fg">Routines</Link>
        <ChevronRightGlyph className="size-3.5 shrink-0 text-fg-subtle" />
        <span className="truncate text-fg">{routine.name}</span>
      </nav>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2.5">
            <h1 className="min-w-0 break-words text-xl font-semibold tracking-tight text-fg">{routine.name}</h1>
            <span data-testid="routine-status"><RoutineStatusBadge status={routine.status} /></span>
          </div>
          <p className="text-sm text-fg-muted">
            For {agent ? <Link href={`/${prefix}/agents/${agent.urlKey}`} className="text-link hover:underline">{agent.name}</Link> : "an unknown agent"}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {canRun && <Button variant="primary" onClick={() => run.mutate()} pending={run.isPending}>Run now</Button>}
          {canWrite && (
            <>
              <Button onClick={() => toggle.mutate()} pending={toggle.isPending}>{routine.status === "active" ? "Pause" : "Resume"}</Button>
              <Button onClick={() => setEditing(true)}>Edit</Button>
              <Button variant="danger" onClick={() => { remove.reset(); setDeleting(true); }}>Delete</Button>
            </>
          )}
        </div>
      </header>
      <ApiErrorAlert error={run.error ?? toggle.error} />
      {run.data && <RunNowResult prefix={prefix} run={run.data} />}
      {canWrite && (
        <>
          <Dialog open={editing} onClose={() => setEditing(false)} title="Edit routine" className="max-w-3xl">
            <RoutineForm companyId={companyId} directory={directory} routine={routine} parentIssue={parentIssue}
              onCancel={() => setEditing(false)} onDone={() => { setEditing(false); router.refresh(); }} />
          </Dialog>
          <Dialog open={deleting} onClose={() => setDeleting(false)} title={`Delete ${routine.name}?`}
            description="Its triggers go with it (webhook URLs answer 404). The issues it created and its run history stay.">
            <ApiErrorAlert error={remove.error} />
            <DialogActions>
              <Button onClick={() => setDeleting(false)}>Keep it</Button>
              <Button variant="destructive" onClick={() => remove.mutate()} pending={remove.isPending}>Delete routine</Button>
            </DialogActions>
          </Dialog>
        </>
      )}
    </>
  );
}

function RunNowResult({ prefix, run }: { prefix: string; run: RoutineRunDto }) {
  return (
    <Alert tone={run.status === "skipped" ? "warning" : "success"}>
      <span className="flex flex-wrap items-center gap-2" data-testid="run-now-result">
        Fired: <RunOutcomeBadge run={run} />
        {run.reason && <span>because {skipReasonWords[run.reason] ?? run.reason}</span>}
        {run.issueId && <Link href={`/${prefix}/issues/${run.issueId}`} className="font-medium text-link hover:underline">Open the issue</Link>}
      </span>
    </Alert>
  );
}

function Properties({ routine, directory, parentIssue, prefix }: { routine: RoutineDto; directory: Directory; parentIssue: PickedIssue | null; prefix: string }) {
  const project = directory.projects.find((p) => p.id === routine.projectId);
  const goal = directory.goals.find((g) => g.id === routine.goalId);
  const rows: Array<[string, ReactNode]> = [
    ["Issue title", <code key="t" className="break-all font-mono text-xs">{routine.titleTemplate}</code>],
    ["Priority", <PriorityLabel key="p" priority={routine.priority} />],
    ["Project", project ? <Link key="pr" href={`/${prefix}/projects/${project.id}`} className="text-link hover:underline">{project.name}</Link> : "None"],
    ["Goal", goal?.title ?? "None"],
    ["Parent issue", parentIssue ? <Link key="pa" href={`/${prefix}/issues/${parentIssue.identifier}`} className="text-link hover:underline">{parentIssue.identifier}</Link> : "None"],
    ["While its issue is open", policyWords[routine.concurrencyPolicy] ?? humanize(routine.concurrencyPolicy)],
    ["Missed times", policyWords[routine.catchUpPolicy] ?? humanize(routine.catchUpPolicy)],
  ];
  return (
    <Card>
      <CardHeader title="Settings" />
      <dl className="divide-y divide-line text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-baseline justify-between gap-3 px-5 py-2.5">
            <dt className="shrink-0 text-fg-muted">{label}</dt>
            <dd className="min-w-0 text-right text-fg">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
