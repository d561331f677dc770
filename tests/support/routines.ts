// Routines for tests: made through the API, with a schedule's next window set where the test's
// clock (the scheduler's injectable `now`) will find it.
import { expect } from "vitest";
import { db } from "@/lib/db/client";
import { nextWindow } from "@/lib/routine-schedule";
import { client } from "./api";
import type { createWorld } from "../factories";

export type World = Awaited<ReturnType<typeof createWorld>>;

export async function makeRoutine(w: World, fields: Record<string, unknown> = {}) {
  const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/routines`, { name: "Daily triage", assigneeAgentId: w.engineer.id, ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string };
}

/** A schedule trigger whose first unevaluated window is the first one after `from`. */
export async function scheduleFrom(routineId: string, w: World, cron: string, timezone: string, from: Date) {
  const res = await client(w.tokens.owner).post(`/api/routines/${routineId}/triggers`, { kind: "schedule", cron, timezone });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const first = nextWindow(cron, timezone, from)!;
  await db().routineTrigger.update({ where: { id: res.body.id }, data: { nextFireAt: first } });
  return { id: res.body.id as string, first };
}

export const runsOf = (routineId: string) => db().routineRun.findMany({ where: { routineId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

export const at = (iso: string) => new Date(iso);
