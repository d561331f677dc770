// The activity log: one row per mutation, written in the mutation's transaction.
import type { Prisma } from "@/lib/generated/prisma/client";
import { isInstanceActor, type Actor } from "@/lib/auth/actor";
import type { SqlExec } from "@/lib/db/sql-exec";
import { uuidv7 } from "@/lib/ids";
import { keysetPage, type ListQuery } from "@/lib/http/pagination";
import { activityDto } from "@/lib/dto/activity";
import type { ServiceContext, Tx } from "@/lib/services/context";
import { getCompanyOrThrow } from "@/lib/services/company-scope";
import { activitySubjects } from "@/lib/services/activity-subjects";

export interface ActivityInput {
  companyId: string;
  action: string;
  entityType: string;
  entityId: string;
  details?: Prisma.InputJsonObject;
}

export function actorRef(actor: Actor | null): { actorType: "user" | "agent" | "system"; actorId: string | null } {
  if (!actor || isInstanceActor(actor)) return { actorType: "system", actorId: null };
  return actor.kind === "agent" ? { actorType: "agent", actorId: actor.agentId } : { actorType: "user", actorId: actor.userId };
}

const rowOf = (actor: Actor | null, input: ActivityInput) => ({ ...actorRef(actor), ...input, details: input.details ?? {} });

export async function recordActivity(tx: Tx, actor: Actor | null, input: ActivityInput): Promise<void> {
  await tx.activityLog.create({ data: rowOf(actor, input) });
}

/** recordActivity for several rows of one actor, in one statement. */
export async function recordActivities(tx: Tx, actor: Actor | null, inputs: ActivityInput[]): Promise<void> {
  if (inputs.length > 0) await tx.activityLog.createMany({ data: inputs.map((input) => rowOf(actor, input)) });
}

/**
 * An activity row's columns as SQL expressions of a hand-written statement (parameters, literals or
 * columns of `from`): the fields of recordActivity's row, each cast here to its column's type.
 */
export interface ActivitySql {
  id: string;
  companyId: string;
  actorType: string;
  actorId: string;
  action: string;
  entityType: string;
  entityId: string;
  details: string;
}

/** The actor columns of a row Charter writes itself (a rule acting, no caller): actorRef(null). */
export const systemActorSql = { actorType: "'system'", actorId: "NULL" } as const;

/**
 * The one INSERT of activity rows for hand-written SQL (a statement, or the body of a data-modifying
 * CTE beside the change it logs): one row per row of `from`, or a single row without it.
 */
export function insertActivitySql(row: ActivitySql, from?: string): string {
  return `INSERT INTO "ActivityLog" (id, "companyId", "actorType", "actorId", action, "entityType", "entityId", details)
    SELECT ${row.id}::uuid, ${row.companyId}::uuid, ${row.actorType}::"ActorType", ${row.actorId}::text, ${row.action}::text,
           ${row.entityType}::text, ${row.entityId}::text, ${row.details}::jsonb${from ? `\n      FROM ${from}` : ""}`;
}

const recordSql = insertActivitySql({ id: "$1", companyId: "$2", actorType: "$3", actorId: "$4", action: "$5", entityType: "$6", entityId: "$7", details: "$8" });

/** recordActivity for transactions written in SQL (sqlTx). */
export async function recordActivitySql(exec: SqlExec, actor: Actor | null, input: ActivityInput): Promise<void> {
  const { actorType, actorId } = actorRef(actor);
  await exec(recordSql, [uuidv7(), input.companyId, actorType, actorId, input.action, input.entityType, input.entityId, JSON.stringify(input.details ?? {})]);
}

const order = [["id", "desc", "uuid"]] as const;

export interface ActivityFilter extends ListQuery {
  entityType?: string;
  entityId?: string;
  action?: string;
  actorType?: "user" | "agent" | "system";
}

export async function listActivity(ctx: ServiceContext, companyRef: string, filter: ActivityFilter) {
  const company = await getCompanyOrThrow(ctx, companyRef, "activity.read");
  const page = await keysetPage(filter, order, ({ after, ...page }) => ctx.db.activityLog.findMany({
    where: {
      companyId: company.id,
      ...(filter.entityType ? { entityType: filter.entityType } : {}),
      ...(filter.entityId ? { entityId: filter.entityId } : {}),
      ...(filter.action ? { action: filter.action } : {}),
      ...(filter.actorType ? { actorType: filter.actorType } : {}),
      ...after,
    },
    ...page,
  }), activityDto);
  const subjects = await activitySubjects(ctx.db, company.id, page.items);
  return { ...page, items: page.items.map((a) => ({ ...a, subject: subjects.get(`${a.entityType}:${a.entityId}`) ?? null })) };
}
