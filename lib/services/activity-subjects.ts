// The subjects of a page of activity rows, named as the board names them, in one query per kind of
// entity on the page (never per row). Rows whose entity is gone get no subject; their details still
// carry what the feed needs.
import type { Db } from "@/lib/db/client";
import type { Tx } from "@/lib/services/context";
import type { ActivitySubject } from "@/lib/dto/activity-entry";
import { isUuid } from "@/lib/schemas/common";

type Named = Array<[id: string, subject: ActivitySubject]>;
type Resolver = (db: Db | Tx, companyId: string, ids: string[]) => Promise<Named>;

const subject = (label: string, ref: string | null, title: string | null = null): ActivitySubject => ({ label, title, ref });

function approvalLabel(type: string, payload: unknown): string {
  const name = payload && typeof payload === "object" && "name" in payload && typeof payload.name === "string" ? payload.name : null;
  if (type === "hire_agent") return name ? `hiring ${name}` : "a hire";
  if (type === "approve_ceo_strategy") return "the CEO's strategy";
  return type.replace(/_/g, " ");
}

const resolvers: Record<string, Resolver> = {
  issue: async (db, companyId, ids) =>
    (await db.issue.findMany({ where: { companyId, id: { in: ids } }, select: { id: true, identifier: true, title: true } }))
      .map((r) => [r.id, subject(r.identifier, r.identifier, r.title)]),
  agent: async (db, companyId, ids) =>
    (await db.agent.findMany({ where: { companyId, id: { in: ids } }, select: { id: true, name: true, urlKey: true } }))
      .map((r) => [r.id, subject(r.name, r.urlKey)]),
  project: async (db, companyId, ids) =>
    (await db.project.findMany({ where: { companyId, id: { in: ids } }, select: { id: true, name: true } })).map((r) => [r.id, subject(r.name, r.id)]),
  goal: async (db, companyId, ids) =>
    (await db.goal.findMany({ where: { companyId, id: { in: ids } }, select: { id: true, title: true } })).map((r) => [r.id, subject(r.title, r.id)]),
  label: async (db, companyId, ids) =>
    (await db.label.findMany({ where: { companyId, id: { in: ids } }, select: { id: true, name: true } })).map((r) => [r.id, subject(r.name, r.id)]),
  // a workspace has no page of its own: it links to its project's
  workspace: async (db, companyId, ids) =>
    (await db.projectWorkspace.findMany({ where: { companyId, id: { in: ids } }, select: { id: true, name: true, projectId: true } }))
      .map((r) => [r.id, subject(r.name || "a workspace", r.projectId)]),
  approval: async (db, companyId, ids) =>
    (await db.approval.findMany({ where: { companyId, id: { in: ids } }, select: { id: true, type: true, payload: true } }))
      .map((r) => [r.id, subject(approvalLabel(r.type, r.payload), r.id)]),
  routine: async (db, companyId, ids) =>
    (await db.routine.findMany({ where: { companyId, id: { in: ids } }, select: { id: true, name: true } })).map((r) => [r.id, subject(r.name, r.id)]),
  heartbeat_run: async (db, companyId, ids) =>
    (await db.heartbeatRun.findMany({ where: { companyId, id: { in: ids } }, select: { id: true } })).map((r) => [r.id, subject(`run ${r.id.slice(-8)}`, r.id)]),
  // people may have left the company; their names are still theirs
  user: async (db, _companyId, ids) =>
    (await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })).map((r) => [r.id, subject(r.name, null)]),
  company: async (db, companyId, ids) =>
    (await db.company.findMany({ where: { id: { in: ids.filter((id) => id === companyId) } }, select: { id: true, name: true } })).map((r) => [r.id, subject(r.name, null)]),
};

/** Subjects by `${entityType}:${entityId}` for the given rows of one company. */
export async function activitySubjects(db: Db | Tx, companyId: string, rows: { entityType: string; entityId: string }[]): Promise<Map<string, ActivitySubject>> {
  const idsByType = new Map<string, Set<string>>();
  for (const { entityType, entityId } of rows) {
    if (!resolvers[entityType] || !isUuid(entityId)) continue;
    if (!idsByType.has(entityType)) idsByType.set(entityType, new Set());
    idsByType.get(entityType)!.add(entityId);
  }
  const named = await Promise.all([...idsByType].map(async ([type, ids]) => {
    const found = await resolvers[type](db, companyId, [...ids]);
    return found.map(([id, s]) => [`${type}:${id}`, s] as const);
  }));
  return new Map(named.flat());
}
