import type { Metadata } from "next";
import { costRangeQuery } from "@/lib/schemas/costs";
import { costSummary, costsByAgent, costsByIssue, costsByModel, costsByProject } from "@/lib/services/cost-reports";
import { boardPageContext, companyForPrefix } from "@/app/(board)/page-data";
import { PageHeader } from "@/components/ui/page-header";
import { CostsView } from "@/components/costs/costs-view.client";
import { presets } from "@/components/costs/ranges";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Costs" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CostsPage({ params, searchParams }: { params: Promise<{ prefix: string }>; searchParams: SearchParams }) {
  const { prefix } = await params;
  const ctx = await boardPageContext(`/${prefix}/costs`);
  const company = await companyForPrefix(prefix);
  const sp = await searchParams;
  // a range the API would refuse falls back to this month rather than an error page
  const asked = costRangeQuery.safeParse({ from: sp.from, to: sp.to });
  const dateOnly = (v: string | undefined): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);
  const range = asked.success && dateOnly(asked.data.from) && dateOnly(asked.data.to) && asked.data.from <= asked.data.to
    ? { from: asked.data.from, to: asked.data.to } : presets()[0].range;
  const [summary, byAgent, byProject, byModel, byIssue] = await Promise.all([
    costSummary(ctx, company.id, range),
    costsByAgent(ctx, company.id, range),
    costsByProject(ctx, company.id, range),
    costsByModel(ctx, company.id, range),
    costsByIssue(ctx, company.id),
  ]);
  return (
    <>
      <PageHeader title="Costs" description="Spend reported by the agents, against the company's and each agent's monthly budget." />
      <CostsView companyId={company.id} prefix={company.issuePrefix} initial={{ range, summary, byAgent, byProject, byModel, byIssue }} />
    </>
  );
}
