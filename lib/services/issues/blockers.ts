// What an issue waits on (blockedByIssueIds): issues of its own company, at most 50, never a cycle.
// When the last open blocker of a `blocked` issue finishes, the issue goes back to `todo` and its agent
// is woken, in the finishing transaction (the liveness remedy `blockers_finished`, decision
// docs/decisions/0132-issue-blockers.md).
import type { Issue } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/auth/actor";
import { AppError } from "@/lib/http/errors";
import { uuidv7 } from "@/lib/ids";
import type { Db } from "@/lib/db/client";
import type { Tx } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { prismaExec, requestWake } from "@/lib/services/wakeups";
import { emitIssueChanges } from "@/lib/services/outbox/issue-events";

export interface IssueLink {
  id: string;
  identifier: string;
  title: string;
  status: string;
}

const linkSelect = { id: true, identifier: true, title: true, status: true } as const;

/** The issues `issueIds` wait on, by issue id (ordered by identifier number). */
export async function blockersOf(db: Db | Tx, companyId: string, issueIds: string[]): Promise<Map<string, IssueLink[]>> {
  const edges = await db.issueBlocker.findMany({ where: { companyId, issueId: { in: issueIds } }, select: { issueId: true, blockerIssueId: true } });
  const issues = await db.issue.findMany({ where: { companyId, id: { in: [...new Set(edges.map((e) => e.blockerIssueId))] } }, select: linkSelect, orderBy: { number: "asc" } });
  const map = new Map<string, IssueLink[]>();
  for (const issue of issues) {
    for (const e of edges) if (e.blockerIssueId === issue.id) map.set(e.issueId, [...(map.get(e.issueId) ?? []), issue]);
  }
  return map;
}

/** The issues that wait on `issueId` (what it blocks). */
export async function dependentsOf(db: Db | Tx, companyId: string, issueId: string): Promise<IssueLink[]> {
  const edges = await db.issueBlocker.findMany({ where: { companyId, blockerIssueId: issueId }, select: { issueId: true } });
  if (edges.length === 0) return [];
  return db.issue.findMany({ where: { companyId, id: { in: edges.map((e) => e.issueId) } }, select: linkSelect, orderBy: { number: "asc" } });
}

/**
 * The chain that `selfId` blocked by `blockerIds` would close, as issue ids from self back to self, or
 * null. Walks the existing edges from the proposed blockers (never out of self: its own edges are being
 * replaced); the graph without them is acyclic, so following `via` back from self always ends.
 */
async function findCycle(tx: Tx, companyId: string, selfId: string, blockerIds: string[]): Promise<string[] | null> {
  if (blockerIds.includes(selfId)) return [selfId, selfId];
  const rows = await tx.$queryRaw<{ id: string; via: string | null }[]>`
    WITH RECURSIVE reach(id, via) AS (
      SELECT b, NULL::uuid FROM unnest(${blockerIds}::uuid[]) AS b
      UNION
      SELECT e."blockerIssueId", r.id FROM reach r
        JOIN "IssueBlocker" e ON e."companyId" = ${companyId}::uuid AND e."issueId" = r.id
       WHERE r.id <> ${selfId}::uuid
    )
    SELECT id::text AS id, via::text AS via FROM reach`;
  const via = new Map<string, string | null>();
  for (const r of rows) if (!via.has(r.id) || r.via === null) via.set(r.id, r.via);
  if (!via.has(selfId)) return null;
  const chain: string[] = [selfId];
  for (let at = via.get(selfId) ?? null; at && chain.length <= rows.length + 1; at = via.get(at) ?? null) chain.push(at);
  // chain: self, then what self blocks, … , a proposed blocker; the cycle reads in "blocked by" order
  return [selfId, ...chain.slice(1).reverse(), selfId];
}

/**
 * Replaces the issue's blockers in the caller's transaction (ids already known to be of its company).
 * Blocker writes of one company are serialised, so two concurrent edits cannot close a cycle between them.
 */
export async function setBlockers(tx: Tx, issue: Pick<Issue, "id" | "companyId">, ids: string[]): Promise<{ added: string[]; removed: string[] }> {
  const wanted = [...new Set(ids)];
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`blockers:${issue.companyId}`}, 0))::text`;
  const cycle = await findCycle(tx, issue.companyId, issue.id, wanted);
  if (cycle) {
    const names = await tx.issue.findMany({ where: { companyId: issue.companyId, id: { in: cycle } }, select: { id: true, identifier: true } });
    const byId = new Map(names.map((n) => [n.id, n.identifier]));
    const steps = cycle.map((id) => ({ id, identifier: byId.get(id) ?? id }));
    throw new AppError("blocker_cycle", `These blockers would make a cycle: ${steps.map((s) => s.identifier).join(" is blocked by ")}`,
      { path: "body.blockedByIssueIds", cycle: steps });
  }
  const current = (await tx.issueBlocker.findMany({ where: { companyId: issue.companyId, issueId: issue.id }, select: { blockerIssueId: true } })).map((r) => r.blockerIssueId);
  const removed = current.filter((id) => !wanted.includes(id));
  const added = wanted.filter((id) => !current.includes(id));
  if (removed.length) await tx.issueBlocker.deleteMany({ where: { companyId: issue.companyId, issueId: issue.id, blockerIssueId: { in: removed } } });
  if (added.length) await tx.issueBlocker.createMany({ data: added.map((blockerIssueId) => ({ issueId: issue.id, blockerIssueId, companyId: issue.companyId })) });
  return { added, removed };
}

type Dependent = Pick<Issue, "id" | "companyId" | "identifier" | "title" | "status" | "assigneeAgentId" | "assigneeUserId" | "livenessResetAt">;

/**
 * The dependents of `finished` (just done or cancelled) left with no open blocker. Their rows are locked
 * first and read in a later statement: a transaction finishing another of their blockers at the same time
 * either committed before (its blocker reads as finished) or waits for our locks and then sees ours.
 */
async function readyDependents(tx: Tx, finished: Pick<Issue, "id" | "companyId">): Promise<Dependent[]> {
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT d.id::text AS id FROM "IssueBlocker" b JOIN "Issue" d ON d.id = b."issueId" AND d."companyId" = b."companyId"
     WHERE b."companyId" = ${finished.companyId}::uuid AND b."blockerIssueId" = ${finished.id}::uuid AND d.status = 'blocked'
     ORDER BY d.id FOR UPDATE OF d`;
  if (locked.length === 0) return [];
  return tx.$queryRaw<Dependent[]>`
    SELECT d.id::text AS id, d."companyId"::text AS "companyId", d.identifier, d.title, d.status::text AS status,
           d."assigneeAgentId"::text AS "assigneeAgentId", d."assigneeUserId"::text AS "assigneeUserId", d."livenessResetAt"
      FROM "Issue" d
     WHERE d."companyId" = ${finished.companyId}::uuid AND d.id = ANY(${locked.map((l) => l.id)}::uuid[]) AND d.status = 'blocked'
       AND NOT EXISTS (SELECT 1 FROM "IssueBlocker" b JOIN "Issue" x ON x.id = b."blockerIssueId"
                        WHERE b."companyId" = d."companyId" AND b."issueId" = d.id AND x.status NOT IN ('done', 'cancelled'))
     ORDER BY d.number`;
}

/**
 * Claims the remedy for (dependent, finishing issue): once per cause, on any number of instances; again
 * only after a board user's own change to the dependent (livenessResetAt) made the earlier claim stale.
 */
async function claimRemedy(tx: Tx, dependent: Dependent, finished: Pick<Issue, "id" | "identifier">): Promise<boolean> {
  const details = JSON.stringify({ finishedIssueId: finished.id, finishedIdentifier: finished.identifier });
  const rows = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO "LivenessRemedy" (id, "companyId", "issueId", kind, "causeKey", details)
    VALUES (${uuidv7()}::uuid, ${dependent.companyId}::uuid, ${dependent.id}::uuid, 'blockers_finished', ${finished.id}, ${details}::jsonb)
    ON CONFLICT ("issueId", kind, "causeKey") DO UPDATE SET "createdAt" = now(), details = EXCLUDED.details
      WHERE "LivenessRemedy"."createdAt" < ${dependent.livenessResetAt}::timestamptz
    RETURNING id::text AS id`;
  return rows.length === 1;
}

/** The remedy `blockers_finished`, in the transaction that moved `finished` to done or cancelled. */
export async function releaseDependents(tx: Tx, finished: Pick<Issue, "id" | "companyId" | "identifier">): Promise<void> {
  for (const dependent of await readyDependents(tx, finished)) {
    if (!(await claimRemedy(tx, dependent, finished))) continue;
    const why = `its last open blocker, ${finished.identifier}, is finished`;
    await tx.issue.updateMany({ where: { id: dependent.id, companyId: dependent.companyId, status: "blocked" }, data: { status: "todo", updatedAt: new Date() } });
    // Charter's own move (actor: system), so it reads as the remedy, not as the finisher's edit
    const actor: Actor | null = null;
    await recordActivity(tx, actor, {
      companyId: dependent.companyId, action: "issue.unblocked", entityType: "issue", entityId: dependent.id,
      details: { remedy: "blockers_finished", from: "blocked", to: "todo", finishedIssueId: finished.id, finishedIdentifier: finished.identifier },
    });
    await emitIssueChanges(prismaExec(tx), actor, dependent, { ...dependent, status: "todo" });
    if (dependent.assigneeAgentId) {
      await requestWake(prismaExec(tx), {
        companyId: dependent.companyId, agentId: dependent.assigneeAgentId, reason: "retry", source: `blockers of ${dependent.identifier} finished`,
        issueId: dependent.id, payload: { taskId: dependent.id, wakeReason: "retry", remedy: "blockers_finished", why: `${dependent.identifier} is back in todo: ${why}` },
      });
    }
  }
}
