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

/** The run whose key made the change, when the change is to an issue: the run is then linked to it. */
const runOf = (actor: Actor | null, input: ActivityInput) => (input.entityType === "issue" && actor?.kind === "agent" ? actor.runId : null);

/**
 * The one INSERT of run ↔ issue links (a run touched an issue: checked it out, changed it, commented,
 * created it), as SQL expressions like insertActivitySql's; a NULL run links nothing. Every write to an
 * issue by a run's key passes through an activity row, so the link is made beside it: here for
 * recordActivity(ies)/recordActivitySql, and by the hand-written statements that write their own row.
 */
export function insertRunIssueSql(row: { companyId: string; runId: string; issueId: string }, from?: string): string {
  return `INSERT INTO "HeartbeatRunIssue" ("companyId", "runId", "issueId")
    SELECT ${row.companyId}::uuid, ${row.runId}::uuid, ${row.issueId}::uuid${from ? `
      FROM ${from}` : ""}
     WHERE ${row.runId}::uuid IS NOT NULL
    ON CONFLICT DO NOTHING`;
}

const linkSql = insertRunIssueSql({ companyId: "$1", runId: "$2", issueId: "ids.id" }, "unnest($3::uuid[]) AS ids(id)");

async function linkRun(tx: Tx, actor: Actor | null, inputs: ActivityInput[]) {
  const linked = inputs.filter((i) => runOf(actor, i));
  if (linked.length > 0) await tx.$executeRawUnsafe(linkSql, linked[0].companyId, runOf(actor, linked[0]), linked.map((i) => i.entityId));
}

export async function recordActivity(tx: Tx, actor: Actor | null, input: ActivityInput): Promise<void> {
  await tx.activityLog.create({ data: rowOf(actor, input) });
  await linkRun(tx, actor, [input]);
}

/** recordActivity for several rows of one actor, in one statement. */
export async function recordActivities(tx: Tx, actor: Actor | null, inputs: ActivityInput[]): Promise<void> {
  if (inputs.length > 0) await tx.activityLog.createMany({ data: inputs.map((input) => rowOf(actor, input)) });
  await linkRun(tx, actor, inputs);
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
  const runId = runOf(actor, input);
  if (runId) await exec(linkSql, [input.companyId, runId, [input.entityId]]);
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
