import type { Metadata } from "next";
import { listActivity } from "@/lib/services/activity";
import { getDashboard } from "@/lib/services/dashboard";
import { listAgents } from "@/lib/services/agents/crud";
import { can } from "@/lib/auth/permissions";
import { boardPageContext, companyDirectory, companyForPrefix } from "@/app/(board)/page-data";
import { PageHeader } from "@/components/ui/page-header";
import { DashboardView } from "@/components/dashboard/dashboard-view";
import { FinishSetupCard } from "@/components/onboarding/finish-setup-card";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage({ params }: { params: Promise<{ prefix: string }> }) {
  const { prefix } = await params;
  const ctx = await boardPageContext(`/${prefix}/dashboard`);
  const company = await companyForPrefix(prefix);
  const [data, activity, directory, ceos] = await Promise.all([
    getDashboard(ctx, company.id, {}),
    listActivity(ctx, company.id, { limit: 12 }),
    companyDirectory(ctx, company.id),
    listAgents(ctx, company.id, { role: "ceo", limit: 10 }),
  ]);
  // offered to those who could hire the CEO; a viewer could not finish it
  const unfinished = !ceos.items.some((a) => a.status !== "terminated") && can(ctx.actor, "agent.create", company.id);
  const describeCtx = {
    prefix: company.issuePrefix, companyName: company.name, viewerId: ctx.actor.userId, users: directory.users,
    agents: Object.fromEntries(directory.agents.map((a) => [a.id, { name: a.name, urlKey: a.urlKey }])),
  };
  return (
    <>
      <PageHeader title="Dashboard" description={`${company.name} at a glance: agents, tasks, spend and what waits for the board.`} />
      {unfinished && <FinishSetupCard prefix={company.issuePrefix} companyName={company.name} />}
      <DashboardView data={data} prefix={company.issuePrefix} activity={activity.items} describeCtx={describeCtx} />
    </>
  );
}
