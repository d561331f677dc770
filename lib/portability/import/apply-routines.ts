// Writing the planned routines and their schedule and api triggers, in the import's transaction. A
// schedule's first window is the first one after the moment of writing: the scheduler never sees an
// imported trigger as due for a window that passed before it existed, so an import wakes nobody.
import { boardUserId, type Actor } from "@/lib/auth/actor";
import { nextWindow } from "@/lib/routine-schedule";
import type { Tx } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import type { RoutinePlan } from "@/lib/portability/import/plan-routines";

type Refs = Record<"agents" | "projects" | "goals" | "issues", Map<string, string>>;
type Written = { key: string; id: string; action: "created" | "skipped"; name: string };

async function writeOne(tx: Tx, actor: Actor, companyId: string, p: RoutinePlan, refs: Refs): Promise<string> {
  const d = p.detail;
  const ref = (map: Map<string, string>, slug: string | null) => (slug ? map.get(slug) ?? null : null);
  const row = await tx.routine.create({
    data: {
      companyId, name: p.plannedName, description: d.description, assigneeAgentId: refs.agents.get(p.assigneeSlug) as string,
      projectId: ref(refs.projects, d.projectSlug), goalId: ref(refs.goals, d.goalKey), parentIssueId: ref(refs.issues, d.parentSlug),
      titleTemplate: d.titleTemplate, priority: d.priority as never, status: d.status,
      concurrencyPolicy: d.concurrencyPolicy as never, catchUpPolicy: d.catchUpPolicy as never,
      createdByAgentId: actor.kind === "agent" && actor.companyId === companyId ? actor.agentId : null,
      createdByUserId: boardUserId(actor),
    },
  });
  await recordActivity(tx, actor, {
    companyId, action: "routine.created", entityType: "routine", entityId: row.id, details: { name: row.name, assigneeAgentId: row.assigneeAgentId, imported: true },
  });
  const now = new Date();
  for (const t of d.triggers) {
    const nextFireAt = t.kind === "schedule" ? nextWindow(t.cron as string, t.timezone as string, now) : null;
    const trigger = await tx.routineTrigger.create({ data: { companyId, routineId: row.id, kind: t.kind, cron: t.cron, timezone: t.timezone, nextFireAt } });
    await recordActivity(tx, actor, {
      companyId, action: "routine.trigger_created", entityType: "routine", entityId: row.id,
      details: { triggerId: trigger.id, kind: trigger.kind, cron: trigger.cron, timezone: trigger.timezone },
    });
  }
  return row.id;
}

export async function writeRoutines(tx: Tx, actor: Actor, companyId: string, plans: RoutinePlan[], refs: Refs): Promise<Written[]> {
  const out: Written[] = [];
  for (const p of plans) {
    if (p.action === "skip") out.push({ key: p.key, id: p.detail.existingRoutineId as string, action: "skipped", name: p.plannedName });
    else out.push({ key: p.key, id: await writeOne(tx, actor, companyId, p, refs), action: "created", name: p.plannedName });
  }
  return out;
}
