// The org chart: live agents as a tree of reporting lines, the CEO's tree first.
import type { Agent } from "@/lib/generated/prisma/client";
import type { OrgNode, ReadinessDto } from "@/lib/dto/agents";
import type { ServiceContext } from "@/lib/services/context";
import { getCompanyOrThrow } from "@/lib/services/company-scope";
import { agentsReadiness } from "@/lib/services/agents/readiness";

const roleOrder: Record<string, number> = { ceo: 0, manager: 1 };

const unknownReadiness: ReadinessDto = { ok: true, reason: null };

export function buildOrgTree(agents: Agent[], readiness: Map<string, ReadinessDto> = new Map()): OrgNode[] {
  const nodes = new Map<string, OrgNode>();
  for (const a of agents) {
    nodes.set(a.id, { id: a.id, name: a.name, urlKey: a.urlKey, role: a.role, title: a.title, icon: a.icon, status: a.status, readiness: readiness.get(a.id) ?? unknownReadiness, reports: [] });
  }
  const roots: OrgNode[] = [];
  for (const a of agents) {
    const node = nodes.get(a.id)!;
    const parent = a.reportsToId ? nodes.get(a.reportsToId) : undefined;
    (parent ? parent.reports : roots).push(node);
  }
  const sort = (list: OrgNode[]) => {
    list.sort((x, y) => (roleOrder[x.role] ?? 2) - (roleOrder[y.role] ?? 2) || x.name.localeCompare(y.name));
    list.forEach((n) => sort(n.reports));
  };
  sort(roots);
  return roots;
}

export async function getOrgChart(ctx: ServiceContext, companyRef: string) {
  const company = await getCompanyOrThrow(ctx, companyRef, "agent.read");
  const agents = await ctx.db.agent.findMany({ where: { companyId: company.id, status: { not: "terminated" } } });
  return buildOrgTree(agents, await agentsReadiness(ctx.db, company.id, agents));
}
