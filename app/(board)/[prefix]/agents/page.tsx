import type { Metadata } from "next";
import { can } from "@/lib/auth/permissions";
import { adapterTypes, agentRoles } from "@/lib/schemas/agents";
import { listAgents } from "@/lib/services/agents/crud";
import { allPages, boardPageContext, companyForPrefix } from "@/app/(board)/page-data";
import { AgentsView } from "@/components/agents/agents-view.client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Agents" };

export default async function AgentsPage({ params }: { params: Promise<{ prefix: string }> }) {
  const { prefix } = await params;
  const ctx = await boardPageContext(`/${prefix}/agents`);
  const company = await companyForPrefix(prefix);
  const agents = await allPages((q) => listAgents(ctx, company.id, q));
  return (
    <AgentsView
      companyId={company.id}
      prefix={company.issuePrefix}
      initialAgents={agents}
      canCreate={can(ctx.actor, "agent.create", company.id)}
      roles={[...agentRoles]}
      adapterTypes={[...adapterTypes]}
    />
  );
}
