"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { fetchRoutineRuns, routineKeys, type RoutineRunDto, type RunIssueRef } from "@/lib/queries/routines";
import type { Page } from "@/lib/queries/fetcher";
import { formatDateTime } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { RunIssueLink, RunOutcomeBadge, skipReasonWords, sourceLabels } from "@/components/routines/routine-badges";
import { formatInZone } from "@/components/routines/schedule";

/** A routine's runs, newest first, a page at a time (the API's cursor). */
export function RoutineRuns({ companyId, prefix, routineId, initial, issues }: {
  companyId: string; prefix: string; routineId: string; initial: Page<RoutineRunDto>; issues: Record<string, RunIssueRef>;
}) {
  const runs = useInfiniteQuery({
    queryKey: routineKeys.runs(companyId, routineId),
    queryFn: ({ pageParam }) => fetchRoutineRuns(routineId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    initialData: { pages: [initial], pageParams: [null] },
  });
  const items = runs.data.pages.flatMap((p) => p.items);

  return (
    <Card>
      <CardHeader title="Runs" description="Every fire, newest first, with what came of it." />
      {items.length === 0 ? (
        <p className="px-5 py-6 text-sm text-fg-muted">No runs yet. A run is recorded each time a trigger fires or someone presses Run now.</p>
      ) : (
        <Table>
          <THead>
            <tr>
              <TH>When</TH>
              <TH>Outcome</TH>
              <TH>Issue</TH>
              <TH className="hidden sm:table-cell">Source</TH>
            </tr>
          </THead>
          <TBody>
            {items.map((run) => (
              <TR key={run.id} data-testid="routine-run">
                <TD className="whitespace-nowrap text-fg-muted">
                  <time dateTime={run.scheduledFor} title={formatDateTime(run.scheduledFor)} suppressHydrationWarning>{formatInZone(run.scheduledFor, "UTC")}</time>
                  <span className="ml-1 text-xs text-fg-subtle">UTC</span>
                </TD>
                <TD>
                  <RunOutcomeBadge run={run} />
                  {run.reason && <p className="mt-1 text-xs text-fg-muted">Because {skipReasonWords[run.reason] ?? run.reason}</p>}
                </TD>
                <TD><RunIssueLink prefix={prefix} run={run} issue={run.issueId ? issues[run.issueId] : undefined} /></TD>
                <TD className="hidden whitespace-nowrap text-fg-muted sm:table-cell">
                  {sourceLabels[run.source] ?? run.source}
                  {run.deliveryId && <span className="block max-w-40 truncate font-mono text-xs text-fg-subtle" title={run.deliveryId}>{run.deliveryId}</span>}
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
      {runs.hasNextPage && (
        <div className="border-t border-line px-5 py-3">
          <Button size="sm" onClick={() => runs.fetchNextPage()} pending={runs.isFetchingNextPage}>Load more runs</Button>
        </div>
      )}
    </Card>
  );
}
