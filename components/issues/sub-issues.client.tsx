"use client";

import Link from "next/link";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { SUB_ISSUE_PAGE_SIZE, fetchIssuePage, issueFilterQuery, issueKeys, type IssueDetail, type IssueDto } from "@/lib/queries/issues";
import type { Page } from "@/lib/queries/fetcher";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { PlusGlyph } from "@/components/ui/glyphs";
import { IssueStatusBadge, PriorityLabel } from "@/components/issues/issue-badges";
import { Assignee } from "@/components/issues/assignee";
import { NewIssueDialog } from "@/components/issues/new-issue.client";
import type { Directory, DirectoryMaps } from "@/components/issues/directory";

/** The issues whose parent is this one (the first page; the rest in the filtered list), and "New sub-issue". */
export function SubIssues({ companyId, prefix, issue, initial, directory, maps, canWrite }: {
  companyId: string; prefix: string; issue: IssueDetail; initial: Page<IssueDto>; directory: Directory; maps: DirectoryMaps; canWrite: boolean;
}) {
  const filters = { parentId: issue.id };
  const [mountedAt] = useState(() => Date.now());
  const { data } = useQuery({
    queryKey: issueKeys.children(companyId, issue.id),
    queryFn: () => fetchIssuePage(companyId, filters, null, SUB_ISSUE_PAGE_SIZE),
    initialData: initial,
    initialDataUpdatedAt: mountedAt,
  });
  const [creating, setCreating] = useState(false);
  const children = data.items;
  const done = children.filter((c) => c.status === "done" || c.status === "cancelled").length;

  return (
    <Card>
      <CardHeader
        title="Sub-issues"
        description={children.length === 0 ? "Break the work down: each sub-issue carries this issue as its parent." : `${done} of ${children.length}${data.nextCursor ? "+" : ""} closed`}
        actions={canWrite && (
          <Button size="sm" onClick={() => setCreating(true)}>
            <PlusGlyph className="size-3.5" />
            New sub-issue
          </Button>
        )}
      />
      {children.length > 0 && (
        <ul className="divide-y divide-slate-100" data-testid="sub-issues">
          {children.map((c) => (
            <li key={c.id} className="flex items-center gap-3 px-5 py-2.5 text-sm">
              <PriorityLabel priority={c.priority} compact />
              <Link href={`/${prefix}/issues/${c.identifier}`} className="shrink-0 font-mono text-xs text-slate-500 hover:text-indigo-700">{c.identifier}</Link>
              <Link href={`/${prefix}/issues/${c.identifier}`} className="min-w-0 flex-1 truncate font-medium text-slate-800 hover:text-indigo-700">{c.title}</Link>
              <Assignee agent={c.assigneeAgentId ? maps.agent.get(c.assigneeAgentId) : undefined} prefix={prefix} link={false} className="hidden max-w-36 text-xs text-slate-600 sm:inline-flex" />
              <IssueStatusBadge status={c.status} />
            </li>
          ))}
        </ul>
      )}
      {data.nextCursor && (
        <div className="border-t border-slate-100 px-5 py-2.5 text-center text-sm">
          <Link href={`/${prefix}/issues?${issueFilterQuery(filters)}`} className="font-medium text-indigo-700 hover:underline">All sub-issues in the list</Link>
        </div>
      )}
      {canWrite && (
        <NewIssueDialog
          open={creating}
          onClose={() => setCreating(false)}
          companyId={companyId}
          prefix={prefix}
          directory={directory}
          maps={maps}
          parent={{ id: issue.id, identifier: issue.identifier, title: issue.title, projectId: issue.projectId, goalId: issue.goalId }}
          onCreated={() => setCreating(false)}
        />
      )}
    </Card>
  );
}
