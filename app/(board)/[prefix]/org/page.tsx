import type { Metadata } from "next";
import Link from "next/link";
import type { OrgNode } from "@/lib/dto/agents";
import { getOrgChart } from "@/lib/services/agents/org";
import { boardPageContext, companyForPrefix } from "@/app/(board)/page-data";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { buttonClasses } from "@/components/ui/button";
import { OrgChart } from "@/components/org/org-chart.client";
import { AgentAvatar } from "@/components/agents/agent-icon";
import { LiveRefresh } from "@/components/live/live-refresh.client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Org chart" };

function stats(roots: OrgNode[]) {
  let agents = 0;
  let depth = 0;
  const walk = (n: OrgNode, d: number) => {
    agents++;
    depth = Math.max(depth, d);
    n.reports.forEach((r) => walk(r, d + 1));
  };
  roots.forEach((r) => walk(r, 1));
  return { agents, depth };
}

export default async function OrgPage({ params }: { params: Promise<{ prefix: string }> }) {
  const { prefix } = await params;
  const ctx = await boardPageContext(`/${prefix}/org`);
  const company = await companyForPrefix(prefix);
  const roots = await getOrgChart(ctx, company.id);
  const { agents, depth } = stats(roots);
  return (
    <>
      <LiveRefresh entityTypes={["agent", "heartbeat_run"]} />
      <PageHeader
        title="Org chart"
        description={agents === 0 ? "Who reports to whom." : `${agents} ${agents === 1 ? "agent" : "agents"} in ${depth} ${depth === 1 ? "level" : "levels"}${roots.length > 1 ? `, ${roots.length} separate trees` : ""}. Terminated agents are not shown.`}
      />
      {roots.length === 0 ? (
        <EmptyState
          icon={<AgentAvatar icon="users" role="general" />}
          title="Nobody here yet"
          action={<Link href={`/${company.issuePrefix}/agents`} className={buttonClasses("primary")}>Go to agents</Link>}
        >
          The org chart draws itself from the agents&apos; reporting lines. Create a CEO, then agents that report to it.
        </EmptyState>
      ) : (
        <OrgChart roots={roots} prefix={company.issuePrefix} companyName={company.name} />
      )}
    </>
  );
}
