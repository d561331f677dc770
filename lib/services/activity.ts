// The activity log: one row per mutation, written in the mutation's transaction.
import type { Prisma } from "@/lib/generated/prisma/client";
import { isInstanceActor, type Actor } from "@/lib/auth/actor";
import type { SqlExec } from "@/lib/db/client";
import { uuidv7 } from "@/lib/ids";
import { keysetWhere, orderByOf, toPage, type ListQuery } from "@/lib/http/pagination";
import { activityDto } from "@/lib/dto/activity";
import type { ServiceContext, Tx } from "@/lib/services/context";
import { getCompanyOrThrow } from "@/lib/services/companies";
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

export async function recordActivity(tx: Tx, actor: Actor | null, input: ActivityInput): Promise<void> {
  await tx.activityLog.create({
    data: { ...actorRef(actor), ...input, details: input.details ?? {} },
  });
}

/** recordActivity for transactions written in SQL (sqlTx). */
export async function recordActivitySql(exec: SqlExec, actor: Actor | null, input: ActivityInput): Promise<void> {
  const { actorType, actorId } = actorRef(actor);
  await exec(
    `INSERT INTO "ActivityLog" (id, "companyId", "actorType", "actorId", action, "entityType", "entityId", details)
     VALUES ($1::uuid, $2::uuid, $3::"ActorType", $4, $5, $6, $7, $8::jsonb)`,
    [uuidv7(), input.companyId, actorType, actorId, input.action, input.entityType, input.entityId, JSON.stringify(input.details ?? {})],
  );
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
  const rows = await ctx.db.activityLog.findMany({
    where: {
      companyId: company.id,
      ...(filter.entityType ? { entityType: filter.entityType } : {}),
      ...(filter.entityId ? { entityId: filter.entityId } : {}),
      ...(filter.action ? { action: filter.action } : {}),
      ...(filter.actorType ? { actorType: filter.actorType } : {}),
      ...keysetWhere(order, filter.cursor),
    },
    orderBy: orderByOf(order),
    take: filter.limit + 1,
  });
  const page = toPage(rows, filter.limit, order, activityDto);
  const subjects = await activitySubjects(ctx.db, company.id, page.items);
  return { ...page, items: page.items.map((a) => ({ ...a, subject: subjects.get(`${a.entityType}:${a.entityId}`) ?? null })) };
}
