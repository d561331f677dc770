import type { Metadata } from "next";
import { can } from "@/lib/auth/permissions";
import { boardPageContext, companyForPrefix } from "@/app/(board)/page-data";
import { PageHeader } from "@/components/ui/page-header";
import { StalledList, type StalledRow } from "@/components/liveness/stalled-list.client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Not moving" };

const PAGE = 100;

/**
 * The board's "Not moving" view: every open issue the liveness sweep found stalled, newest stall first.
 * Read straight from IssueStall (one company, its index); the api branch's GET …/stalled answers the same rows.
 */
export default async function StalledPage({ params, searchParams }: { params: Promise<{ prefix: string }>; searchParams: Promise<{ reason?: string }> }) {
  const { prefix } = await params;
  const { reason } = await searchParams;
  const ctx = await boardPageContext(`/${prefix}/stalled`);
  const company = await companyForPrefix(prefix);
  const grouped = await ctx.db.issueStall.groupBy({ by: ["reason"], where: { companyId: company.id }, _count: { _all: true } });
  const counts = Object.fromEntries(grouped.map((g) => [g.reason, g._count._all]));
  const filter = reason && reason in counts ? reason : undefined;
  const stalls = await ctx.db.issueStall.findMany({
    where: { companyId: company.id, ...(filter ? { reason: filter as never } : {}) },
    orderBy: [{ since: "desc" }, { issueId: "desc" }],
    take: PAGE,
  });
  const issues = await ctx.db.issue.findMany({
    where: { companyId: company.id, id: { in: stalls.map((s) => s.issueId) } },
    select: { id: true, identifier: true, title: true, status: true, assigneeAgentId: true },
  });
  const byId = new Map(issues.map((i) => [i.id, i]));
  const rows: StalledRow[] = stalls.flatMap((s) => {
    const issue = byId.get(s.issueId);
    if (!issue) return [];
    return [{ ...issue, liveness: { state: "stalled" as const, reason: s.reason, since: s.since.toISOString(), facts: s.facts as StalledRow["liveness"]["facts"] } }];
  });
  return (
    <>
      <PageHeader title="Not moving" description="Open issues that are not moving, and why. Act on them here." />
      <StalledList prefix={company.issuePrefix} rows={rows} counts={counts} reason={filter ?? null} canWrite={can(ctx.actor, "work.write", company.id)} />
    </>
  );
}
