// The outbox's guarantees: an event commits with its change or not at all; the relay fans each event out
// exactly once however many relays race, and a relay killed with SIGKILL mid-batch loses nothing; jobs
// enqueued in a transaction exist only if it commits.
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { enqueue, registerJob, startJobs, stopJobs } from "@/lib/runtime/jobs";
import { relayOutbox } from "@/lib/runtime/outbox-relay";
import { emitEvent, emitEvents } from "@/lib/services/outbox/emit";
import { eventEnvelope, type OutboxEvent } from "@/lib/services/outbox/event";
import { eventEnvelopeSchema, eventTypeSchema, eventTypes } from "@/lib/services/outbox/catalogue";
import { createFanOutLog, fanOutCounts, recordingFanOut } from "../support/outbox";
import { waitFor } from "../support/runtime";
import { createCompany } from "../factories";

const relayScript = path.resolve(import.meta.dirname, "../support/outbox-relay-process.mjs");
const root = path.resolve(import.meta.dirname, "../..");

afterAll(async () => {
  await stopJobs();
});

const paused = (agentId: string) => ({ agentId, name: "Ada", reason: "board" as const });

/** Emits n events of a fresh company, after dispatching whatever earlier tests left undispatched. */
async function emitMany(companyId: string, n: number): Promise<string[]> {
  await relayOutbox({ fanOuts: [] });
  await db().$transaction((tx) =>
    emitEvents(tx, null, Array.from({ length: n }, (_, i) => ({ companyId, type: "agent.paused" as const, subject: { type: "agent", id: companyId }, data: { ...paused(companyId), name: `Agent ${i}` } }))),
  );
  return (await db().event.findMany({ where: { companyId }, select: { id: true } })).map((e) => e.id);
}

describe("emitEvent", () => {
  it("writes the event with its change's transaction, and nothing when it rolls back", async () => {
    const company = await createCompany();
    const id = await db().$transaction((tx) => emitEvent(tx, null, { companyId: company.id, type: "agent.paused", subject: { type: "agent", id: company.id }, data: paused(company.id) }));
    const row = await db().event.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ companyId: company.id, type: "agent.paused", subjectType: "agent", actorType: "system", dispatchedAt: null, data: paused(company.id) });

    await expect(db().$transaction(async (tx) => {
      await emitEvent(tx, null, { companyId: company.id, type: "agent.paused", subject: { type: "agent", id: company.id }, data: paused(company.id) });
      throw new Error("the change failed");
    })).rejects.toThrow("the change failed");
    expect(await db().event.count({ where: { companyId: company.id } })).toBe(1);
  });

  it("refuses a payload its type's schema does not accept, writing nothing", async () => {
    const company = await createCompany();
    const bad = { agentId: "not-a-uuid", name: "Ada", reason: "board" } as unknown as ReturnType<typeof paused>;
    await expect(db().$transaction((tx) => emitEvent(tx, null, { companyId: company.id, type: "agent.paused", subject: { type: "agent", id: company.id }, data: bad }))).rejects.toThrow();
    expect(await db().event.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("gives every catalogue type an envelope the published schema accepts", () => {
    expect(eventTypes).toContain("approval.created");
    expect(eventTypeSchema.safeParse("issue.unknown").success).toBe(false);
    const event = { id: "0190a0a0-0000-7000-8000-000000000000", companyId: "0190a0a0-0000-7000-8000-000000000001", type: "agent.paused", occurredAt: new Date(), subjectType: "agent", subjectId: "x", actorType: "system", actorId: null, data: paused("0190a0a0-0000-7000-8000-000000000002") } as OutboxEvent;
    expect(eventEnvelopeSchema.safeParse(eventEnvelope(event)).success).toBe(true);
    expect(eventEnvelopeSchema.safeParse({ ...eventEnvelope(event), type: "approval.created" }).success).toBe(false);
  });
});

describe("the relay", () => {
  it("fans each event out once with two relays racing, and marks them all dispatched", async () => {
    await createFanOutLog();
    const company = await createCompany();
    const ids = await emitMany(company.id, 120);
    const [a, b] = await Promise.all([1, 2].map((n) => relayOutbox({ batch: 10, fanOuts: [recordingFanOut(n, 20)] })));
    expect(a + b).toBe(120);
    // both took part (each claimed batches the other skipped)
    expect(Math.min(a, b)).toBeGreaterThan(0);
    const counts = await fanOutCounts();
    for (const id of ids) expect(counts.get(id), id).toBe(1);
    expect(await db().event.count({ where: { companyId: company.id, dispatchedAt: null } })).toBe(0);
  });

  it("loses nothing when its process is killed with SIGKILL mid-batch", async () => {
    await createFanOutLog();
    await db().$executeRawUnsafe(`TRUNCATE outbox_test_log`);
    const company = await createCompany();
    const ids = await emitMany(company.id, 400);
    const child = spawn(process.execPath, [relayScript, "7"], {
      cwd: root, stdio: ["ignore", "pipe", "pipe"],
      env: { NODE_ENV: "test", PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: env().DATABASE_URL, LOG_LEVEL: "warn" },
    });
    const exited = new Promise((r) => child.once("exit", r));
    // killed once it has committed a few batches and is inside another (each batch dawdles 30 ms)
    await waitFor(async () => (await db().event.count({ where: { companyId: company.id, dispatchedAt: { not: null } } })) >= 40, "the child relay to dispatch some events", 60_000);
    child.kill("SIGKILL");
    await exited;
    const dispatchedByChild = await db().event.count({ where: { companyId: company.id, dispatchedAt: { not: null } } });
    expect(dispatchedByChild).toBeLessThan(400);
    // what the child fanned out is exactly what it marked dispatched: its open batch left no trace
    expect([...(await fanOutCounts()).values()].reduce((s, n) => s + n, 0)).toBe(dispatchedByChild);

    expect(await relayOutbox({ fanOuts: [recordingFanOut(8, 0)] })).toBe(400 - dispatchedByChild);
    const counts = await fanOutCounts();
    for (const id of ids) expect(counts.get(id), id).toBe(1);
  });
});

describe("jobs", () => {
  it("run a job enqueued in a committed transaction, and never one whose transaction rolled back", async () => {
    const seen: string[] = [];
    registerJob<{ tag: string }>("test.outbox-record", async (data) => {
      seen.push(data.tag);
    });
    await db().$transaction((tx) => enqueue(tx, "test.outbox-record", { tag: "committed" }));
    await expect(db().$transaction(async (tx) => {
      await enqueue(tx, "test.outbox-record", { tag: "rolled back" });
      throw new Error("the change failed");
    })).rejects.toThrow("the change failed");
    await startJobs(1);
    await waitFor(async () => seen.includes("committed"), "the committed job to run", 30_000);
    // the rolled-back one is not in the queue at all
    const rows = await db().$queryRawUnsafe<{ tag: string }[]>(`SELECT data->>'tag' AS tag FROM pgboss.job WHERE name = 'test.outbox-record'`);
    expect(rows.map((r) => r.tag)).toEqual(["committed"]);
    expect(seen).toEqual(["committed"]);
  });
});
