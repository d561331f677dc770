import type { Metadata } from "next";
import { can } from "@/lib/auth/permissions";
import { issueStatuses, type IssueStatus } from "@/lib/issue-status";
import { BOARD_FIRST_PAGE_SIZE, ISSUE_PAGE_SIZE, issueFilterQuery, parseIssueFilters } from "@/lib/queries/issues";
import { listIssues } from "@/lib/services/issues/list";
import { countIssues } from "@/lib/services/issues/counts";
import { boardPageContext, companyDirectory, companyForPrefix } from "@/app/(board)/page-data";
import { IssuesView } from "@/components/issues/issues-view.client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Issues" };

type SearchParams = Record<string, string | string[] | undefined>;

export default async function IssuesPage({ params, searchParams }: { params: Promise<{ prefix: string }>; searchParams: Promise<SearchParams> }) {
  const { prefix } = await params;
  const query = await searchParams;
  const view = query.view === "board" ? "board" : "list";
  const filters = parseIssueFilters(query);
  const qs = new URLSearchParams(issueFilterQuery(filters));
  if (view === "board") qs.set("view", "board");
  const ctx = await boardPageContext(`/${prefix}/issues${qs.size ? `?${qs}` : ""}`);
  const company = await companyForPrefix(prefix);
  const page = (extra: { status?: IssueStatus[] } = {}, limit = ISSUE_PAGE_SIZE) => listIssues(ctx, company.id, { ...filters, ...extra, limit });

  // only pages are read, whatever the size of the company: the list's first, or each column's
  const [directory, anyIssue, list, columns, counts] = await Promise.all([
    companyDirectory(ctx, company.id),
    listIssues(ctx, company.id, { limit: 1 }),
    view === "list" ? page() : null,
    view === "board" ? Promise.all(issueStatuses.map((s) => page({ status: [s] }, BOARD_FIRST_PAGE_SIZE))) : null,
    view === "board" ? countIssues(ctx, company.id, { ...filters, status: undefined }) : null,
  ]);
  return (
    <IssuesView
      companyId={company.id}
      prefix={company.issuePrefix}
      view={view}
      hasIssues={anyIssue.items.length > 0}
      initialFilters={filters}
      initialList={list}
      initialColumns={columns && (Object.fromEntries(issueStatuses.map((s, i) => [s, columns[i]])) as Record<IssueStatus, (typeof columns)[number]>)}
      initialCounts={counts}
      directory={directory}
      canWrite={can(ctx.actor, "work.write", company.id)}
    />
  );
}
