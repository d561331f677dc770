"use client";

// One heartbeat run: its status and timing, and what it did. Runs of the coding CLIs show their
// parsed transcript, with the raw log one tab away; other adapters only have the log. Both follow
// the run while it is open (the company's live events say when they grew; a slow poll backs them up).
import Link from "next/link";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  cancelRun, fetchNewRunSteps, fetchRun, fetchRunLog, openRunStatuses, runKeys, transcriptAdapters,
  type RunDto, type RunLog, type RunTranscript,
} from "@/lib/queries/runs";
import { adapterLabels, formatDateTime } from "@/lib/format";
import { cn } from "@/lib/cn";
import { Alert } from "@/components/ui/alert";
import { Button, Spinner } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ChevronRightGlyph } from "@/components/ui/glyphs";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { LIVE_EVENT, type LiveChange } from "@/components/live/live-events.client";
import { CostText, formatDuration, runCostEstimated, RunStatusBadge, wakeReasonLabel } from "@/components/runs/run-badges";
import { TranscriptSteps } from "@/components/runs/run-transcript.client";

interface Props {
  companyId: string;
  prefix: string;
  agent: { name: string; urlKey: string };
  initialRun: RunDto;
  initialLog: RunLog;
  initialTranscript: RunTranscript;
  canCancel: boolean;
}

type View = "transcript" | "log";

export function RunDetail({ companyId, prefix, agent, initialRun, initialLog, initialTranscript, canCancel }: Props) {
  const queryClient = useQueryClient();
  const { data: run } = useQuery({
    queryKey: runKeys.detail(companyId, initialRun.id),
    queryFn: () => fetchRun(initialRun.id),
    initialData: initialRun,
    refetchInterval: (q) => (openRunStatuses.has(q.state.data?.status ?? "") ? 5000 : false),
  });
  const open = openRunStatuses.has(run.status);
  const hasTranscript = transcriptAdapters.has(run.adapterType) || initialTranscript.steps.length > 0;
  const [view, setView] = useState<View>(hasTranscript ? "transcript" : "log");
  // What the server read is current for the tab shown first (it follows the run from there) and
  // for a run that had already ended; the other tab of a live run reads afresh when opened.
  const [firstView] = useState(view);
  const final = !openRunStatuses.has(initialRun.status);
  // what was open may have grown in the run's last moment
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) {
      void queryClient.invalidateQueries({ queryKey: runKeys.log(companyId, initialRun.id) });
      void queryClient.invalidateQueries({ queryKey: runKeys.transcript(companyId, initialRun.id) });
    }
    wasOpen.current = open;
  }, [open, queryClient, companyId, initialRun.id]);
  const cancel = useMutation({
    mutationFn: () => cancelRun(run.id),
    onSuccess: (updated) => queryClient.setQueryData(runKeys.detail(companyId, run.id), updated),
  });
  const tabs = hasTranscript && (
    <div className="flex rounded-md bg-slate-100 p-0.5 text-sm" role="tablist" aria-label="Run output">
      {(["transcript", "log"] as const).map((v) => (
        <button
          key={v}
          type="button"
          role="tab"
          aria-selected={view === v}
          aria-controls="run-output"
          onClick={() => setView(v)}
          className={cn("rounded px-3 py-1 font-medium", view === v ? "bg-white text-slate-900 shadow-xs" : "text-slate-500 hover:text-slate-700")}
        >
          {v === "transcript" ? "Transcript" : "Raw log"}
        </button>
      ))}
    </div>
  );

  return (
    <div className="space-y-6">
      <nav aria-label="Breadcrumb" className="flex min-w-0 items-center gap-1 text-sm text-slate-500">
        <Link href={`/${prefix}/agents`} className="hover:text-slate-800">Agents</Link>
        <ChevronRightGlyph className="size-3.5 shrink-0 text-slate-400" />
        <Link href={`/${prefix}/agents/${agent.urlKey}`} className="min-w-0 truncate hover:text-slate-800">{agent.name}</Link>
        <ChevronRightGlyph className="size-3.5 text-slate-400" />
        <span className="shrink-0 text-slate-700">Run {run.id.slice(-8)}</span>
      </nav>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-2.5 gap-y-1">
            <h1 className="min-w-0 text-xl font-semibold tracking-tight text-slate-900">Heartbeat of {agent.name}</h1>
            <span data-testid="run-status"><RunStatusBadge status={run.status} /></span>
          </div>
          <p className="mt-0.5 text-sm text-slate-500">
            {wakeReasonLabel(run.reason)}
            {run.source && run.source.toLowerCase() !== wakeReasonLabel(run.reason).toLowerCase() ? ` · ${run.source}` : ""}
          </p>
        </div>
        {canCancel && open && (
          <div className="flex flex-col items-end gap-2">
            <Button variant="danger" onClick={() => cancel.mutate()} pending={cancel.isPending}>Cancel run</Button>
            <ApiErrorAlert error={cancel.error} className="max-w-sm" />
          </div>
        )}
      </header>
      {run.error && run.status !== "succeeded" && <Alert tone={run.status === "cancelled" ? "warning" : "error"} title="How it ended">{run.error}</Alert>}
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="min-w-0 lg:col-span-2">
          <div id="run-output" role={hasTranscript ? "tabpanel" : undefined}>
            {view === "transcript" ? (
              <TranscriptPanel companyId={companyId} prefix={prefix} run={run} open={open} initial={final || firstView === "transcript" ? initialTranscript : undefined} tabs={tabs} />
            ) : (
              <LogPanel companyId={companyId} runId={run.id} open={open} initial={final || firstView === "log" ? initialLog : undefined} tabs={tabs} />
            )}
          </div>
        </Card>
        <Card className="lg:self-start">
          <CardHeader title="Details" />
          <CardBody>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-slate-500">Adapter</dt><dd className="text-slate-800">{adapterLabels[run.adapterType] ?? run.adapterType}</dd>
              <dt className="text-slate-500">Issues</dt>
              <dd className="min-w-0 text-slate-800" data-testid="run-issues">
                {run.issues.length === 0 ? "—" : (
                  <ul className="space-y-1">
                    {run.issues.map((i) => (
                      <li key={i.id} className="truncate">
                        <Link href={`/${prefix}/issues/${i.identifier}`} className="text-indigo-700 hover:underline" title={`${i.identifier} ${i.title}`}>{i.identifier} {i.title}</Link>
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
              <dt className="text-slate-500">Queued</dt><dd className="text-slate-800">{formatDateTime(run.createdAt)}</dd>
              <dt className="text-slate-500">Started</dt><dd className="text-slate-800">{run.startedAt ? formatDateTime(run.startedAt) : "—"}</dd>
              <dt className="text-slate-500">Finished</dt><dd className="text-slate-800">{run.finishedAt ? formatDateTime(run.finishedAt) : "—"}</dd>
              <dt className="text-slate-500">Duration</dt><dd className="text-slate-800">{formatDuration(run.durationMs)}</dd>
              <dt className="text-slate-500">Exit code</dt><dd className="font-mono text-slate-800">{run.exitCode ?? "—"}</dd>
              <dt className="text-slate-500">Cost</dt><dd className="text-slate-800" data-testid="run-cost"><CostText cents={run.costCents} estimated={runCostEstimated(run)} /></dd>
              <dt className="text-slate-500">Run id</dt><dd className="truncate font-mono text-xs text-slate-700" title={run.id}>{run.id}</dd>
            </dl>
          </CardBody>
        </Card>
      </div>
    </div>
  );
}

function TranscriptPanel({ companyId, prefix, run, open, initial, tabs }: {
  companyId: string; prefix: string; run: RunDto; open: boolean; initial: RunTranscript | undefined; tabs: ReactNode;
}) {
  const queryClient = useQueryClient();
  const key = runKeys.transcript(companyId, run.id);
  const { data, refetch, error } = useQuery({
    queryKey: key,
    queryFn: () => fetchNewRunSteps(run.id, queryClient.getQueryData<RunTranscript>(key)),
    initialData: initial,
    // while the run is open, what a tab held when it was last shown is out of date
    staleTime: open ? 0 : 30_000,
    refetchInterval: open ? 5000 : false,
  });
  useLiveRefetch(run.id, "run.transcript", refetch);
  const n = data?.steps.length ?? 0;
  return (
    <>
      <CardHeader
        title="Transcript"
        description={data ? `${n.toLocaleString("en-US")} ${n === 1 ? "step" : "steps"}${open ? " · follows the run while it is open" : ""}` : undefined}
        actions={tabs}
        className="flex-wrap"
      />
      <CardBody className="px-3 sm:px-5">
        {data ? (
          <TranscriptSteps prefix={prefix} steps={data.steps} open={open} startedAt={run.startedAt} costCents={run.costCents} costEstimated={runCostEstimated(run)} />
        ) : error ? (
          <ApiErrorAlert error={error} />
        ) : (
          <Loading />
        )}
      </CardBody>
    </>
  );
}

function LogPanel({ companyId, runId, open, initial, tabs }: { companyId: string; runId: string; open: boolean; initial: RunLog | undefined; tabs: ReactNode }) {
  const { data: log, error } = useQuery({
    queryKey: runKeys.log(companyId, runId),
    queryFn: () => fetchRunLog(runId),
    initialData: initial,
    staleTime: open ? 0 : 30_000,
    refetchInterval: open ? 3000 : false,
  });
  const logRef = useRef<HTMLPreElement>(null);
  useEffect(() => {
    const el = logRef.current;
    if (el && open) el.scrollTop = el.scrollHeight;
  }, [log?.content, open]);
  if (!log) {
    return (
      <>
        <CardHeader title="Log" actions={tabs} className="flex-wrap" />
        <CardBody>{error ? <ApiErrorAlert error={error} /> : <Loading />}</CardBody>
      </>
    );
  }
  return (
    <>
      <CardHeader
        title="Log"
        description={log.truncated ? `Only the newest part is kept: ${log.logBytes.toLocaleString("en-US")} bytes were written.` : open ? "Follows the run while it is open." : undefined}
        actions={tabs}
        className="flex-wrap"
      />
      <CardBody>
        {log.content ? (
          <pre ref={logRef} data-testid="run-log" className="max-h-[32rem] overflow-auto whitespace-pre-wrap break-words rounded-md bg-code px-4 py-3 font-mono text-xs leading-relaxed text-code-fg">
            {log.content}
          </pre>
        ) : (
          <p data-testid="run-log-empty" className="rounded-md bg-slate-50 px-3 py-6 text-center text-sm text-slate-400 ring-1 ring-inset ring-slate-200">
            {open ? "Waiting for output…" : "This run wrote nothing (or its log passed the retention period)."}
          </p>
        )}
      </CardBody>
    </>
  );
}

function Loading() {
  return <p className="flex items-center justify-center gap-2 py-6 text-sm text-slate-400" role="status"><Spinner /> Loading…</p>;
}

/**
 * Refetches when the company's live events say this run's `action` happened. A busy run announces
 * many steps a second: one request at a time, and one more after it if anything came meanwhile.
 */
function useLiveRefetch(runId: string, action: string, refetch: () => Promise<unknown>) {
  useEffect(() => {
    let inFlight = false;
    let again = false;
    let alive = true;
    const drain = async () => {
      inFlight = true;
      do {
        again = false;
        await refetch().catch(() => undefined);
      } while (again && alive);
      inFlight = false;
    };
    const onChange = (e: Event) => {
      const change = (e as CustomEvent<LiveChange>).detail;
      if (change.action !== action || change.entityId !== runId) return;
      if (inFlight) again = true;
      else void drain();
    };
    window.addEventListener(LIVE_EVENT, onChange);
    return () => {
      alive = false;
      window.removeEventListener(LIVE_EVENT, onChange);
    };
  }, [runId, action, refetch]);
}
