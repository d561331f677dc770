// Which company a request acts in: the first read of every company-scoped request. Kept apart from
// companies.ts, whose writes need the activity log and budgets, which themselves need this.
import type { Company } from "@/lib/generated/prisma/client";
import { sql } from "@/lib/db/client";
import { authorize, visibleCompanyIds, type Permission } from "@/lib/auth/permissions";
import { notFound } from "@/lib/http/errors";
import { isUuid } from "@/lib/schemas/common";
import type { ServiceContext } from "@/lib/services/context";

/**
 * The company named by id or issue prefix, if the caller may see it and holds `permission` there.
 * Every company-scoped request starts here, so it is one prepared statement on the shared pool.
 */
export async function getCompanyOrThrow(ctx: ServiceContext, ref: string, permission: Permission): Promise<Company> {
  const byId = isUuid(ref);
  const { rows } = await sql().query<Company>({
    name: byId ? "company-by-id" : "company-by-prefix",
    text: `SELECT * FROM "Company" WHERE ${byId ? `id = $1::uuid` : `"issuePrefix" = upper($1)`} AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))`,
    values: [ref, visibleCompanyIds(ctx.actor)],
  });
  const company = rows[0];
  if (!company) throw notFound("Company");
  authorize(ctx.actor, permission, company.id);
  return company;
}

/**
 * The id of the company named by `ref`, for the hot paths that need nothing else. The caller's own
 * credentials already prove that its companies exist (an agent's company, a member's memberships),
 * so naming one of them by id costs no query; anything else takes the lookup above.
 */
export async function companyIdOrThrow(ctx: ServiceContext, ref: string, permission: Permission): Promise<string> {
  const actor = ctx.actor;
  // own property only: a ref such as "constructor" must not find Object.prototype's
  const own = actor.kind === "agent" ? ref === actor.companyId : Object.hasOwn(actor.roles, ref);
  if (!own) return (await getCompanyOrThrow(ctx, ref, permission)).id;
  authorize(actor, permission, ref);
  return ref;
}
