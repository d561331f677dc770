"use client";

// The agent page's heartbeats: "Run now" and the latest runs, kept live by the company's events.
import Link from "next/link";
import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchAgentRuns, runKeys, wakeAgent, type RunDto } from "@/lib/queries/runs";
import type { Page } from "@/lib/queries/fetcher";
import { formatDate, formatDateTime, formatTime } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { CostText, formatDuration, runCostEstimated, RunStatusBadge, wakeReasonLabel } from "@/components/runs/run-badges";

/** The time of day for today's runs, the date for older ones (the full time is the cell's title). */
function shortTime(iso: string): string {
  return formatDate(iso) === formatDate(new Date().toISOString()) ? formatTime(iso) : formatDate(iso);
}

interface Props {
  companyId: string;
  prefix: string;
  agentId: string;
  agentStatus: string;
  initialRuns: Page<RunDto>;
  canRun: boolean;
}

export function AgentRuns({ companyId, prefix, agentId, agentStatus, initialRuns, canRun }: Props) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const runNow = useMutation({
    mutationFn: () => wakeAgent(agentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: runKeys.ofAgent(companyId, agentId) }),
  });
  const { data } = useQuery({
    queryKey: runKeys.ofAgent(companyId, agentId),
    queryFn: () => fetchAgentRuns(companyId, agentId),
    initialData: initialRuns,
    // until the wake's run exists; live events usually bring it sooner
    refetchInterval: runNow.data ? 1000 : false,
  });
  const runnable = !["paused", "terminated", "pending_approval"].includes(agentStatus);
  // "Run now" opens the run it started, once a worker has claimed the wake; until then a note says so
  const started = runNow.data && [...data.items].reverse().find((r) => r.id === runNow.data.runId || r.createdAt >= runNow.data.createdAt);
  const wake = runNow.data && !started ? runNow.data : undefined;
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!started || opened.current === started.id) return;
    opened.current = started.id;
    router.push(`/${prefix}/runs/${started.id}`);
  }, [started, router, prefix]);
  return (
    <Card data-testid="agent-runs">
      <CardHeader
        title="Heartbeats"
        description="Each wake of this agent runs its adapter once; wakes that arrive while it runs are coalesced into its next run."
        actions={canRun && runnable && (
          <Button variant="primary" size="sm" onClick={() => runNow.mutate()} pending={runNow.isPending}>Run now</Button>
        )}
      />
      <div>
        {(runNow.error || wake) && (
          <div className="px-5 py-3">
            <ApiErrorAlert error={runNow.error} />
            {wake && (
              <p className="text-sm text-slate-600" role="status">
                {wake.status === "coalesced" ? "A wake was already queued: this one joins it." : "Wake queued: a worker starts the run in a moment."}
              </p>
            )}
          </div>
        )}
        {data.items.length === 0 ? (
          <p className="px-5 py-6 text-sm text-slate-500">No heartbeats yet. Mentions, assignments, approvals, the timer and “Run now” wake this agent.</p>
        ) : (
          <Table>
            <THead>
              <tr><TH>Run</TH><TH>Status</TH><TH>Reason</TH><TH>Started</TH><TH>Duration</TH><TH className="text-right">Cost</TH></tr>
            </THead>
            <TBody>
              {data.items.map((run) => (
                <TR key={run.id}>
                  <TD>
                    <Link href={`/${prefix}/runs/${run.id}`} className="font-mono text-xs text-indigo-700 hover:underline">{run.id.slice(-8)}</Link>
                  </TD>
                  <TD><RunStatusBadge status={run.status} /></TD>
                  <TD className="whitespace-nowrap text-slate-600">{wakeReasonLabel(run.reason)}</TD>
                  <TD className="whitespace-nowrap text-slate-600" title={formatDateTime(run.startedAt ?? run.createdAt)}>{shortTime(run.startedAt ?? run.createdAt)}</TD>
                  <TD className="whitespace-nowrap text-slate-600">{formatDuration(run.durationMs)}</TD>
                  <TD className="whitespace-nowrap text-right text-slate-600"><CostText cents={run.costCents} estimated={runCostEstimated(run)} /></TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </div>
    </Card>
  );
}
