// The names behind the ids a board page shows (assignees, projects, goals, labels, people): a
// company's small reference lists in one statement, each in the order its own list endpoint uses.
import { authorize, can } from "@/lib/auth/permissions";
import type { ServiceContext } from "@/lib/services/context";
import { getCompanyOrThrow } from "@/lib/services/company-scope";

export interface CompanyDirectory {
  agents: { id: string; name: string; urlKey: string; role: string; icon: string | null; status: string }[];
  projects: { id: string; name: string; status: string }[];
  goals: { id: string; title: string; level: string; status: string; parentId: string | null }[];
  labels: { id: string; name: string; color: string }[];
  /** board users' names by id: the company's members (for callers who may read them) */
  users: Record<string, string>;
}

const directorySql = `
  SELECT
    (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'urlKey', "urlKey", 'role', role, 'icon', icon, 'status', status)
                     ORDER BY "createdAt", id), '[]') FROM "Agent" WHERE "companyId" = $1::uuid) AS agents,
    (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'status', status) ORDER BY "createdAt", id), '[]')
       FROM "Project" WHERE "companyId" = $1::uuid) AS projects,
    (SELECT coalesce(json_agg(json_build_object('id', id, 'title', title, 'level', level, 'status', status, 'parentId', "parentId")
                     ORDER BY "createdAt", id), '[]') FROM "Goal" WHERE "companyId" = $1::uuid) AS goals,
    (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'color', color) ORDER BY name, id), '[]')
       FROM "Label" WHERE "companyId" = $1::uuid) AS labels,
    (SELECT coalesce(json_object_agg(u.id, u.name), '{}') FROM "Membership" m JOIN "User" u ON u.id = m."userId"
      WHERE m."companyId" = $1::uuid AND $2::boolean) AS users`;

export async function getCompanyDirectory(ctx: ServiceContext, companyRef: string): Promise<CompanyDirectory> {
  const company = await getCompanyOrThrow(ctx, companyRef, "work.read");
  authorize(ctx.actor, "agent.read", company.id);
  const members = can(ctx.actor, "company.members.read", company.id);
  const [row] = await ctx.db.$queryRawUnsafe<CompanyDirectory[]>(directorySql, company.id, members);
  return row;
}
