// The board inbox's routine_run items: a routine fire that needs someone (its issue cancelled, its
// agent paused, its window missed) shows once per routine and kind, and leaves when the routine
// fires well again; the routine's own rules at work (skipped while its issue is open or while it is
// paused) never show.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { createWorld } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;
type Item = { key: string; kind: string; title: string; summary?: string; href: string; read: boolean };

const routineItems = async (w: World, token = w.tokens.owner) => {
  const res = await client(token).get(`/api/companies/${w.company.id}/inbox?kind=routine_run`);
  expect(res.status).toBe(200);
  return res.body as Item[];
};

async function newRoutine(w: World, body: Record<string, unknown> = {}) {
  const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/routines`, { name: "Daily triage", assigneeAgentId: w.engineer.id, ...body });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string };
}

async function runNow(w: World, routineId: string) {
  const res = await client(w.tokens.owner).post(`/api/routines/${routineId}/run`, {});
  expect(res.status).toBe(202);
  return res.body as { id: string; status: string; reason: string | null; issueId: string | null };
}

describe("routine_run items in the board inbox", () => {
  it("a cancelled execution issue is an item linking to the routine, until the routine fires well again", async () => {
    const w = await createWorld();
    const routine = await newRoutine(w, { concurrencyPolicy: "always_create" });
    const first = await runNow(w, routine.id);
    expect(first.status).toBe("issue_created");
    expect(await routineItems(w)).toEqual([]);

    expect((await client(w.tokens.owner).patch(`/api/issues/${first.issueId}`, { status: "cancelled" })).status).toBe(200);
    const issue = await db().issue.findUniqueOrThrow({ where: { id: first.issueId! } });
    const [item] = await routineItems(w);
    expect(item).toMatchObject({
      key: `routine:${first.id}`, kind: "routine_run", title: "Daily triage failed: its issue was cancelled",
      summary: `${issue.identifier} · ${issue.title}`, href: `/${w.company.issuePrefix}/routines/${routine.id}`, read: false,
    });
    expect((await client(w.tokens.owner).get(`/api/companies/${w.company.id}/inbox/count`)).body.unread).toBe(1);
    // marked read like any item
    expect((await client(w.tokens.owner).post(`/api/companies/${w.company.id}/inbox/read`, { keys: [item.key] })).status).toBe(200);
    expect((await routineItems(w))[0].read).toBe(true);

    expect((await runNow(w, routine.id)).status).toBe("issue_created");
    expect(await routineItems(w)).toEqual([]);
  });

  it("skips because the agent is paused are one item per routine (the newest), gone once it fires again", async () => {
    const w = await createWorld();
    const routine = await newRoutine(w);
    await db().agent.update({ where: { id: w.engineer.id }, data: { status: "paused", pauseReason: "board" } });
    const skips = [];
    for (let i = 0; i < 3; i++) skips.push(await runNow(w, routine.id));
    expect(skips.map((s) => s.reason)).toEqual(["assignee_paused", "assignee_paused", "assignee_paused"]);
    const items = await routineItems(w);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ key: `routine:${skips[2].id}`, title: "Daily triage was skipped" });
    expect(items[0].summary).toContain(w.engineer.name);

    await db().agent.update({ where: { id: w.engineer.id }, data: { status: "idle", pauseReason: null } });
    expect((await runNow(w, routine.id)).status).toBe("issue_created");
    expect(await routineItems(w)).toEqual([]);
  });

  it("the routine's own rules are not items: skipped while its issue is open, or while it is paused; a missed window is", async () => {
    const w = await createWorld();
    const busy = await newRoutine(w, { name: "Busy one" });
    expect((await runNow(w, busy.id)).status).toBe("issue_created");
    expect(await runNow(w, busy.id)).toMatchObject({ status: "skipped", reason: "active_issue" });
    const paused = await newRoutine(w, { name: "Paused one", status: "paused" });
    expect(await runNow(w, paused.id)).toMatchObject({ status: "skipped", reason: "paused" });
    expect(await routineItems(w)).toEqual([]);

    const missed = await newRoutine(w, { name: "Missed one" });
    const run = await db().routineRun.create({
      data: { companyId: w.company.id, routineId: missed.id, source: "schedule", scheduledFor: new Date(Date.now() - 3_600_000), status: "skipped", reason: "missed_window" },
    });
    const items = await routineItems(w);
    expect(items.map((i) => [i.key, i.title])).toEqual([[`routine:${run.id}`, "Missed one was skipped"]]);
    expect(items[0].summary).toMatch(/no Charter instance was running/);
    // in the whole inbox too, beside the other kinds
    const all = (await client(w.tokens.owner).get(`/api/companies/${w.company.id}/inbox`)).body as Item[];
    expect(all.filter((i) => i.kind === "routine_run")).toHaveLength(1);
  });

  it("old ones age out, a deleted routine's item links to the list, and another company never sees them", async () => {
    const w = await createWorld();
    const other = await createWorld();
    const routine = await newRoutine(w);
    const old = new Date(Date.now() - 15 * 86_400_000);
    await db().routineRun.create({ data: { companyId: w.company.id, routineId: routine.id, source: "api", status: "failed", createdAt: old, updatedAt: old } });
    expect(await routineItems(w)).toEqual([]);

    await db().routineRun.create({ data: { companyId: w.company.id, routineId: routine.id, source: "api", status: "failed" } });
    expect((await client(w.tokens.owner).delete(`/api/routines/${routine.id}`)).status).toBe(204);
    const [item] = await routineItems(w);
    expect(item).toMatchObject({ title: "A deleted routine failed: its issue was cancelled", href: `/${w.company.issuePrefix}/routines` });
    expect(await routineItems(other)).toEqual([]);
    const foreign = await client(other.tokens.owner).get(`/api/companies/${w.company.id}/inbox?kind=routine_run`);
    expect(foreign.status).toBe(404);
  });
});
