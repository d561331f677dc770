"use client";

// An issue's page: the heartbeat runs that worked on it, newest first, kept live by the company's
// events (a run starting or ending re-reads the list); older runs one page at a time.
import Link from "next/link";
import { useInfiniteQuery } from "@tanstack/react-query";
import { fetchIssueRuns, runKeys, type RunDto } from "@/lib/queries/runs";
import type { Page } from "@/lib/queries/fetcher";
import { formatDateTime, formatShortDateTime } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { AgentAvatar } from "@/components/agents/agent-icon";
import type { AgentRef } from "@/components/issues/directory";
import { CostText, formatDuration, runCostEstimated, RunStatusBadge, wakeReasonLabel } from "@/components/runs/run-badges";

interface Props {
  companyId: string;
  prefix: string;
  issueId: string;
  initial: Page<RunDto>;
  agents: Map<string, AgentRef>;
}

export function IssueRuns({ companyId, prefix, issueId, initial, agents }: Props) {
  const query = useInfiniteQuery({
    queryKey: runKeys.ofIssue(companyId, issueId),
    queryFn: ({ pageParam }) => fetchIssueRuns(companyId, issueId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    initialData: { pages: [initial], pageParams: [null] },
  });
  const runs = query.data.pages.flatMap((p) => p.items);
  const more = query.hasNextPage;
  return (
    <Card data-testid="issue-runs">
      <CardHeader
        title="Runs"
        description={runs.length === 0
          ? "No agent has worked on this issue yet. Assigning it or mentioning an agent wakes one."
          : `${runs.length}${more ? "+" : ""} ${runs.length === 1 ? "heartbeat" : "heartbeats"} worked on this issue`}
      />
      {runs.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {runs.map((run) => <RunRow key={run.id} run={run} agent={agents.get(run.agentId)} prefix={prefix} />)}
        </ul>
      )}
      {more && (
        <div className="border-t border-slate-100 px-5 py-2.5 text-center">
          <Button size="sm" variant="ghost" onClick={() => void query.fetchNextPage()} pending={query.isFetchingNextPage}>Show older runs</Button>
        </div>
      )}
    </Card>
  );
}

/** One line on a wide screen; on a phone the agent and status above, the numbers below. */
function RunRow({ run, agent, prefix }: { run: RunDto; agent: AgentRef | undefined; prefix: string }) {
  const started = run.startedAt ?? run.createdAt;
  return (
    <li className="relative flex flex-wrap items-center gap-x-3 gap-y-1 px-5 py-2.5 text-sm hover:bg-slate-50/70" data-testid="issue-run">
      <span className="flex min-w-0 flex-1 items-center gap-2">
        {agent && <AgentAvatar icon={agent.icon} role={agent.role} size="xs" />}
        {/* the whole row opens the run; the link's box is stretched over it */}
        <Link href={`/${prefix}/runs/${run.id}`} className="truncate font-medium text-slate-800 after:absolute after:inset-0 hover:text-indigo-700">
          {agent?.name ?? "Unknown agent"}
        </Link>
        {run.reason && <span className="hidden shrink-0 text-xs text-slate-400 sm:inline">{wakeReasonLabel(run.reason)}</span>}
      </span>
      <RunStatusBadge status={run.status} />
      <span className="flex w-full items-center gap-3 text-xs text-slate-500 sm:w-auto">
        <time dateTime={started} title={formatDateTime(started)} className="whitespace-nowrap sm:w-28">{formatShortDateTime(started)}</time>
        <span className="whitespace-nowrap tabular-nums sm:w-20 sm:text-right">{formatDuration(run.durationMs)}</span>
        <span className="ml-auto whitespace-nowrap text-right text-slate-700 sm:ml-0 sm:w-24"><CostText cents={run.costCents} estimated={runCostEstimated(run)} /></span>
      </span>
    </li>
  );
}
