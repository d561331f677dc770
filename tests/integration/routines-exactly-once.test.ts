// Exactly once across instances: two scheduler processes race over the same 600 windows (200
// routines, three minutes) and every window fires once; a fire cut off mid-transaction (its
// connection killed) leaves nothing behind and the window fires once on the next tick.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { db, sqlTx } from "@/lib/db/client";
import { fireDueRoutines } from "@/lib/services/routines/scheduler";
import { fireRoutine } from "@/lib/services/routines/fire";
import { createWorld } from "../factories";
import { at, makeRoutine, runsOf, scheduleFrom } from "../support/routines";

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, "../support/scheduler-process.mjs");

describe("exactly once", () => {
  it("two scheduler processes racing over 600 windows fire each exactly once", async () => {
    const w = await createWorld();
    const first = at("2032-05-01T08:00:00Z");
    const routines = Array.from({ length: 200 }, (_, i) => ({
      companyId: w.company.id, name: `Routine ${i}`, assigneeAgentId: w.engineer.id, titleTemplate: "{{routine}} {{time}}", concurrencyPolicy: "always_create" as const,
    }));
    const created = await db().routine.createManyAndReturn({ data: routines, select: { id: true } });
    await db().routineTrigger.createMany({
      data: created.map((r) => ({ companyId: w.company.id, routineId: r.id, kind: "schedule" as const, cron: "* * * * *", timezone: "UTC", nextFireAt: first })),
    });
    const clocks = ["2032-05-01T08:00:02Z", "2032-05-01T08:01:03Z", "2032-05-01T08:02:01Z"];
    const env = { ...process.env };
    const outputs = await Promise.all([0, 1].map(() => run(process.execPath, [script, ...clocks], { env, timeout: 240_000 })));
    const recorded = outputs.map((o) => JSON.parse(o.stdout).recorded as number);
    // both processes did part of the work, and together exactly all of it
    expect(recorded[0] + recorded[1]).toBe(600);
    const runs = await db().routineRun.findMany({ where: { companyId: w.company.id }, select: { triggerId: true, scheduledFor: true, status: true } });
    expect(runs).toHaveLength(600);
    expect(new Set(runs.map((r) => `${r.triggerId}@${r.scheduledFor?.toISOString()}`)).size).toBe(600);
    expect(runs.every((r) => r.status === "issue_created")).toBe(true);
    const issues = await db().issue.findMany({ where: { companyId: w.company.id }, select: { number: true } });
    expect(issues.map((i) => i.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 600 }, (_, i) => i + 1));
  }, 300_000);

  it("a fire whose connection dies mid-transaction leaves nothing; the window then fires once", async () => {
    const w = await createWorld();
    const r = await makeRoutine(w);
    const t = await scheduleFrom(r.id, w, "*/10 * * * *", "UTC", at("2032-06-01T09:55:00Z"));
    const crashing = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await crashing.connect();
    crashing.on("error", () => {});
    const exec = async (text: string, values: unknown[]) => (await crashing.query(text, values)).rows;
    await exec("BEGIN", []);
    await exec(`SELECT id FROM "RoutineTrigger" WHERE id = $1::uuid FOR UPDATE`, [t.id]);
    await fireRoutine(exec, {
      companyId: w.company.id, routineId: r.id, source: "schedule", triggerId: t.id, scheduledFor: t.first, deliveryId: null,
      payload: {}, timezone: "UTC", actor: null, now: at("2032-06-01T10:00:01Z"),
    });
    // another instance meanwhile skips the locked trigger instead of waiting or firing twice
    await fireDueRoutines({ now: at("2032-06-01T10:00:02Z") });
    expect(await runsOf(r.id)).toEqual([]);
    const pid = (await exec("SELECT pg_backend_pid() AS pid", []))[0].pid;
    await sqlTx((e) => e("SELECT pg_terminate_backend($1::int)::text", [pid]));
    await crashing.end().catch(() => {});
    expect(await db().issue.count({ where: { companyId: w.company.id } })).toBe(0);
    await fireDueRoutines({ now: at("2032-06-01T10:00:05Z") });
    await fireDueRoutines({ now: at("2032-06-01T10:00:06Z") });
    const runs = await runsOf(r.id);
    expect(runs.map((x) => [x.scheduledFor?.toISOString(), x.status])).toEqual([["2032-06-01T10:00:00.000Z", "issue_created"]]);
    const issue = await db().issue.findUniqueOrThrow({ where: { id: runs[0].issueId! } });
    expect(issue.number).toBe(1);
  });
});
