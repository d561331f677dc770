import type { Routine, RoutineRun, RoutineTrigger } from "@/lib/generated/prisma/client";
import { describeCron, nextWindows } from "@/lib/routine-schedule";

/** A webhook trigger's public address under `base` (the API's origin). */
const webhookUrl = (base: string, publicId: string) => `${base.replace(/\/+$/, "")}/api/routine-triggers/${encodeURIComponent(publicId)}/fire`;

/** A trigger as readers see it: never its secret. */
export function triggerDto(row: RoutineTrigger, base: string, now = new Date()) {
  const schedule = row.kind === "schedule" && row.cron && row.timezone ? { cron: row.cron, timezone: row.timezone } : null;
  let nextFireTimes: string[] = [];
  if (schedule) {
    try {
      nextFireTimes = nextWindows(schedule.cron, schedule.timezone, now, 5).map((d) => d.toISOString());
    } catch {
      // a stored expression this croner no longer reads: shown without times rather than failing the page
    }
  }
  return {
    id: row.id,
    routineId: row.routineId,
    kind: row.kind,
    cron: row.cron,
    timezone: row.timezone,
    description: schedule ? describeCron(schedule.cron) : null,
    nextFireTimes,
    url: row.kind === "webhook" && row.publicId ? webhookUrl(base, row.publicId) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function routineRunDto(row: RoutineRun) {
  return {
    id: row.id,
    companyId: row.companyId,
    routineId: row.routineId,
    triggerId: row.triggerId,
    source: row.source,
    scheduledFor: (row.scheduledFor ?? row.createdAt).toISOString(),
    status: row.status,
    reason: row.reason,
    issueId: row.issueId,
    deliveryId: row.deliveryId,
    payload: row.payload,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function routineDto(row: Routine, triggers: RoutineTrigger[], lastRun: RoutineRun | null, base: string) {
  const now = new Date();
  const shown = triggers.map((t) => triggerDto(t, base, now));
  const next = shown.flatMap((t) => t.nextFireTimes.slice(0, 1)).sort()[0] ?? null;
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    description: row.description,
    assigneeAgentId: row.assigneeAgentId,
    projectId: row.projectId,
    goalId: row.goalId,
    parentIssueId: row.parentIssueId,
    titleTemplate: row.titleTemplate,
    priority: row.priority,
    status: row.status,
    concurrencyPolicy: row.concurrencyPolicy,
    catchUpPolicy: row.catchUpPolicy,
    triggers: shown,
    nextFireAt: next,
    lastRun: lastRun ? routineRunDto(lastRun) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type RoutineDto = ReturnType<typeof routineDto>;
export type RoutineRunDto = ReturnType<typeof routineRunDto>;
