"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { IssueStatus } from "@/lib/issue-status";
import { issueFilterQuery, type IssueCounts, type IssueDto, type IssueFilters } from "@/lib/queries/issues";
import type { Page } from "@/lib/queries/fetcher";
import { cn } from "@/lib/cn";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { PlusGlyph } from "@/components/ui/glyphs";
import { IssueFilterBar } from "@/components/issues/issue-filters.client";
import { IssueList } from "@/components/issues/issue-list.client";
import { IssueBoard } from "@/components/issues/issue-board.client";
import { NewIssueDialog } from "@/components/issues/new-issue.client";
import { useDirectoryMaps, type Directory } from "@/components/issues/directory";

export type IssuesViewMode = "list" | "board";

interface Props {
  companyId: string;
  prefix: string;
  view: IssuesViewMode;
  /** false when the company has no issue at all: the page then invites to create the first */
  hasIssues: boolean;
  initialFilters: IssueFilters;
  initialList: Page<IssueDto> | null;
  initialColumns: Record<IssueStatus, Page<IssueDto>> | null;
  initialCounts: IssueCounts | null;
  directory: Directory;
  canWrite: boolean;
}

const pageUrl = (prefix: string, view: IssuesViewMode, filters: IssueFilters) => {
  const params = new URLSearchParams(issueFilterQuery(filters));
  if (view === "board") params.set("view", "board");
  const qs = params.toString();
  return `/${prefix}/issues${qs ? `?${qs}` : ""}`;
};

/** The issues page: search and filters over the list or the kanban board, and "New issue". */
export function IssuesView({ companyId, prefix, view, hasIssues, initialFilters, initialList, initialColumns, initialCounts, directory, canWrite }: Props) {
  const router = useRouter();
  const maps = useDirectoryMaps(directory);
  const [filters, setFilters] = useState(initialFilters);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<IssueDto | null>(null);
  const sameAsServer = issueFilterQuery(filters) === issueFilterQuery(initialFilters);

  function changeFilters(next: IssueFilters) {
    setFilters(next);
    // the URL keeps the filters (reload, share, back) without asking the server for the page again
    window.history.replaceState(null, "", pageUrl(prefix, view, next));
  }

  const newButton = canWrite ? (
    <Button variant="primary" onClick={() => setCreating(true)}>
      <PlusGlyph />
      New issue
    </Button>
  ) : null;

  const tabs = (
    <div className="flex rounded-md bg-slate-100 p-0.5 text-sm" role="tablist" aria-label="View">
      {(["list", "board"] as const).map((v) => (
        <Link
          key={v}
          role="tab"
          aria-selected={view === v}
          href={pageUrl(prefix, v, filters)}
          className={cn("rounded px-3 py-1 font-medium", view === v ? "bg-white text-slate-900 shadow-xs" : "text-slate-500 hover:text-slate-700")}
        >
          {v === "list" ? "List" : "Board"}
        </Link>
      ))}
    </div>
  );

  const toolbar = <IssueFilterBar filters={filters} onChange={changeFilters} directory={directory} maps={maps} showStatus={view === "list"} leading={tabs} />;

  return (
    <div className={cn(view === "board" && hasIssues && "page-bleed")}>
      <PageHeader
        title="Issues"
        description={!hasIssues ? "The company's work, and who is doing it." : view === "board" ? (canWrite ? "Drag a card or use its Move button to change its status; Space and arrows move a focused card." : "Each column is a status; your role may read the board, not move cards.") : "Sorted by priority, then most recently updated."}
        actions={
          <>
            <Link href={`/${prefix}/issues/labels`} className={buttonClasses("secondary")}>Labels</Link>
            {hasIssues && newButton}
          </>
        }
      />
      {created && (
        <Alert tone="success" className="mb-4">
          <div className="flex items-center justify-between gap-3">
            <span>
              Created <Link href={`/${prefix}/issues/${created.identifier}`} className="font-medium underline underline-offset-2">{created.identifier}</Link>: {created.title}
            </span>
            <button type="button" onClick={() => setCreated(null)} className="shrink-0 text-xs font-medium underline underline-offset-2 hover:no-underline">Dismiss</button>
          </div>
        </Alert>
      )}
      {!hasIssues ? (
        <EmptyState icon={<IssuesGlyph />} title="No issues yet" action={newButton}>
          Issues are the company&apos;s work: agents check them out, comment and move them from backlog to done.
        </EmptyState>
      ) : view === "list" ? (
        <Card>
          {toolbar}
          <IssueList
            companyId={companyId}
            prefix={prefix}
            filters={filters}
            initial={sameAsServer ? initialList : null}
            maps={maps}
            users={directory.users}
            emptyText={<>No issue matches these filters. <button type="button" onClick={() => changeFilters({})} className="font-medium text-indigo-700 hover:underline">Clear filters</button></>}
          />
        </Card>
      ) : (
        <div className="space-y-4">
          <Card>{toolbar}</Card>
          <IssueBoard companyId={companyId} prefix={prefix} filters={filters} initialColumns={sameAsServer ? initialColumns : null} initialCounts={sameAsServer ? initialCounts : null} maps={maps} canMove={canWrite} />
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
          onCreated={(issue) => {
            setCreating(false);
            setCreated(issue);
            if (!hasIssues) router.refresh();
          }}
        />
      )}
    </div>
  );
}

function IssuesGlyph() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <circle cx="12" cy="12" r="9" />
      <path d="M8.5 12.5l2.5 2.5 4.5-5" />
    </svg>
  );
}
