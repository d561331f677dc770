import type { Metadata } from "next";
import { can } from "@/lib/auth/permissions";
import { allPages, boardPageContext, companyForPrefix } from "@/app/(board)/page-data";
import { PageHeader } from "@/components/ui/page-header";
import { notFound } from "next/navigation";
import { StalledList } from "@/components/liveness/stalled-list.client";
import { AppError } from "@/lib/http/errors";
import { listStalledQuery } from "@/lib/schemas/liveness";
import { listStalled } from "@/lib/services/liveness/queries";
import { listAgents } from "@/lib/services/agents/crud";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Not moving" };

const PAGE = 100;

/** The board's "Not moving" view: every open issue the liveness sweep found stalled, newest stall first, a page at a time. */
export default async function StalledPage({ params, searchParams }: { params: Promise<{ prefix: string }>; searchParams: Promise<{ reason?: string; cursor?: string }> }) {
  const { prefix } = await params;
  const { reason, cursor } = await searchParams;
  const ctx = await boardPageContext(`/${prefix}/stalled`);
  const company = await companyForPrefix(prefix);
  const query = listStalledQuery.safeParse({ limit: PAGE, reason, cursor });
  if (!query.success) notFound();
  // a cursor edited by hand is refused like a page that does not exist
  const page = await listStalled(ctx, company.id, query.data).catch((e) => (e instanceof AppError ? null : Promise.reject(e)));
  if (!page) notFound();
  const { items, counts, nextCursor } = page;
  const canWrite = can(ctx.actor, "work.write", company.id);
  // the row's Reassign picker and Raise budget form; only a board that may act needs them
  const agents = canWrite ? (await allPages((q) => listAgents(ctx, company.id, q)))
    .map(({ id, name, status, budgetMonthlyCents, spentMonthlyCents }) => ({ id, name, status, budgetMonthlyCents, spentMonthlyCents })) : [];
  const filter = query.data.reason ?? null;
  const next = nextCursor ? `/${company.issuePrefix}/stalled?${new URLSearchParams({ ...(filter ? { reason: filter } : {}), cursor: nextCursor })}` : null;
  return (
    <>
      <PageHeader title="Not moving" description="Open issues that are not moving, and why. Act on them here." />
      <StalledList prefix={company.issuePrefix} rows={items} agents={agents} counts={counts} reason={filter} next={next} canWrite={canWrite} />
    </>
  );
}
