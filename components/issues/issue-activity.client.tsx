"use client";

// An issue's page: its activity (changes, status moves, comments, checkouts), newest first. The key
// sits under the company's issues, so the live events of any issue change re-read it.
import { useMemo } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { ActivityEntryDto } from "@/lib/dto/activity-entry";
import { apiPage, type Page } from "@/lib/queries/fetcher";
import { ISSUE_ACTIVITY_PAGE_SIZE } from "@/lib/queries/activity";
import { formatShortDateTime } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { Actor, describe, type DescribeContext } from "@/components/activity/describe";
import type { Directory } from "@/components/issues/directory";

const issueActivityKey = (companyId: string, issueId: string) => ["companies", companyId, "issues", "activity", issueId] as const;

const issueActivityPath = (companyId: string, issueId: string) =>
  `/api/companies/${companyId}/activity?entityType=issue&entityId=${issueId}`;

interface Props {
  companyId: string;
  prefix: string;
  issueId: string;
  initial: Page<ActivityEntryDto>;
  directory: Directory;
  viewerId: string;
}

/** On its own page the issue is "this issue", not its identifier and title again. */
const onItsPage = (row: ActivityEntryDto): ActivityEntryDto => ({ ...row, subject: { label: "this issue", title: null, ref: null } });

export function IssueActivity({ companyId, prefix, issueId, initial, directory, viewerId }: Props) {
  const describeCtx: DescribeContext = useMemo(() => ({
    prefix, companyName: "", viewerId, users: directory.users,
    agents: Object.fromEntries(directory.agents.map((a) => [a.id, { name: a.name, urlKey: a.urlKey }])),
  }), [prefix, viewerId, directory]);
  const query = useInfiniteQuery({
    queryKey: issueActivityKey(companyId, issueId),
    queryFn: ({ pageParam }) => apiPage<ActivityEntryDto>(issueActivityPath(companyId, issueId), { limit: ISSUE_ACTIVITY_PAGE_SIZE, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    initialData: { pages: [initial], pageParams: [null] },
  });
  const rows = query.data.pages.flatMap((p) => p.items).map(onItsPage);
  return (
    <Card data-testid="issue-activity">
      <CardHeader title="Activity" description={rows.length === 0 ? "Nothing has happened to this issue yet." : "Changes, comments and checkouts, newest first."} />
      {rows.length > 0 && (
        <ol className="divide-y divide-slate-100">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 px-5 py-2.5 text-sm" data-testid="issue-activity-item">
              <p className="min-w-0 flex-1 basis-56 text-slate-600"><Actor row={row} ctx={describeCtx} /> {describe(row, describeCtx)}</p>
              <time dateTime={row.createdAt} title={row.createdAt} className="shrink-0 text-xs tabular-nums text-slate-400">{formatShortDateTime(row.createdAt)}</time>
            </li>
          ))}
        </ol>
      )}
      {query.hasNextPage && (
        <div className="border-t border-slate-100 px-5 py-2.5 text-center">
          <Button size="sm" variant="ghost" onClick={() => void query.fetchNextPage()} pending={query.isFetchingNextPage}>Show older activity</Button>
        </div>
      )}
    </Card>
  );
}
