import type { Metadata } from "next";
import { can } from "@/lib/auth/permissions";
import { getAgent, listAgents } from "@/lib/services/agents/crud";
import { listAgentKeys } from "@/lib/services/agents/keys";
import { listConfigRevisions } from "@/lib/services/agents/config-revisions";
import { getInstructions } from "@/lib/services/agents/instructions-bundle";
import { listRuns } from "@/lib/services/heartbeat-runs";
import { RUN_PAGE_SIZE } from "@/lib/queries/runs";
import { allPages, boardPageContext, companyForPrefix, orNotFound, segment } from "@/app/(board)/page-data";
import { AgentDetail } from "@/components/agents/agent-detail.client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Agent" };

export default async function AgentPage({ params, searchParams }: {
  params: Promise<{ prefix: string; urlKey: string }>; searchParams: Promise<{ tab?: string | string[] }>;
}) {
  const { prefix, urlKey } = await params;
  const { tab } = await searchParams;
  const ctx = await boardPageContext(`/${prefix}/agents/${urlKey}`);
  const company = await companyForPrefix(prefix);
  // inside this company: two of the user's companies may well both have a "ceo"
  const agent = await orNotFound(getAgent(ctx, segment(urlKey), company.id));
  const canKeys = can(ctx.actor, "agent.keys", company.id);
  const [reports, keys, revisions, runs, instructions] = await Promise.all([
    listAgents(ctx, company.id, { reportsTo: agent.id, limit: 50 }),
    canKeys ? allPages((q) => listAgentKeys(ctx, agent.id, q)) : Promise.resolve(null),
    allPages((q) => listConfigRevisions(ctx, agent.id, q)),
    listRuns(ctx, company.id, { agentId: agent.id, limit: RUN_PAGE_SIZE }),
    getInstructions(ctx, agent.id),
  ]);
  return (
    <AgentDetail
      companyId={company.id}
      prefix={company.issuePrefix}
      initialAgent={{ ...agent, chainOfCommand: agent.chainOfCommand ?? [] }}
      reports={reports}
      initialKeys={keys}
      initialRevisions={revisions}
      initialRuns={runs}
      initialInstructions={instructions}
      initialTab={tab === "instructions" ? "instructions" : "overview"}
      can={{
        update: can(ctx.actor, "agent.update", company.id),
        lifecycle: can(ctx.actor, "agent.lifecycle", company.id),
        keys: canKeys,
        rollback: can(ctx.actor, "agent.config.rollback", company.id),
        instructions: can(ctx.actor, "agent.instructions", company.id),
      }}
    />
  );
}
