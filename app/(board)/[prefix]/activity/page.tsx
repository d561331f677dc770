import type { Metadata } from "next";
import { listActivity } from "@/lib/services/activity";
import { listAgents } from "@/lib/services/agents/crud";
import { listMembers } from "@/lib/services/members";
import { ACTIVITY_PAGE_SIZE, type ActivityFilter } from "@/lib/queries/activity";
import { allPages, boardPageContext, companyForPrefix } from "@/app/(board)/page-data";
import { PageHeader } from "@/components/ui/page-header";
import { ActivityFeed, type AgentRef } from "@/components/activity/activity-feed.client";
import { activityEntityTypes } from "@/components/activity/entity-types";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Activity" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const actorTypes = ["user", "agent", "system"] as const;

/** The URL's filters; values the API would refuse are dropped, not an error page. */
function filterOf(sp: Record<string, string | string[] | undefined>): ActivityFilter {
  const actor = typeof sp.actorType === "string" ? sp.actorType : undefined;
  const entity = typeof sp.entityType === "string" ? sp.entityType : undefined;
  return {
    ...(actorTypes.find((a) => a === actor) ? { actorType: actor as ActivityFilter["actorType"] } : {}),
    ...(activityEntityTypes.find((t) => t === entity) ? { entityType: entity } : {}),
  };
}

export default async function ActivityPage({ params, searchParams }: { params: Promise<{ prefix: string }>; searchParams: SearchParams }) {
  const { prefix } = await params;
  const filter = filterOf(await searchParams);
  const ctx = await boardPageContext(`/${prefix}/activity`);
  const company = await companyForPrefix(prefix);
  const [firstPage, agents, members] = await Promise.all([
    listActivity(ctx, company.id, { limit: ACTIVITY_PAGE_SIZE, ...filter }),
    allPages((q) => listAgents(ctx, company.id, q)),
    allPages((q) => listMembers(ctx, company.id, q)),
  ]);
  const agentRefs: Record<string, AgentRef> = Object.fromEntries(agents.map((a) => [a.id, { name: a.name, urlKey: a.urlKey }]));
  const userNames: Record<string, string> = Object.fromEntries(members.map((m) => [m.userId, m.name]));
  return (
    <>
      <PageHeader title="Activity" description="Every change in this company, newest first." />
      <ActivityFeed
        companyId={company.id}
        prefix={company.issuePrefix}
        companyName={company.name}
        viewerId={ctx.actor.userId}
        agents={agentRefs}
        users={userNames}
        firstPage={firstPage}
        initialFilter={filter}
      />
    </>
  );
}
