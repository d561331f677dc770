// The board inbox's routine_run items: a routine fire that needs someone (its issue cancelled, its
// agent paused, its window missed) shows once per routine and kind, and leaves when the routine
// fires well again; the routine's own rules at work (skipped while its issue is open or while it is
// paused) never show.
import { describe, expect, it } from "vitest";
import { db, sql } from "@/lib/db/client";
import { inboxStatements, pageValues } from "@/lib/services/inbox";
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

type PlanNode = { "Node Type": string; "Relation Name"?: string; "Index Name"?: string; "Actual Rows"?: number; Plans?: PlanNode[] };
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

describe("routine_run items with 40,000 runs", () => {
  it("are read along the (status, reason, updatedAt) index, never the whole table", async () => {
    const w = await createWorld();
    await sql().query(
      `INSERT INTO "Routine" (id, "companyId", name, "assigneeAgentId", "titleTemplate", "updatedAt")
       SELECT ('00000000-0000-7000-8000-' || lpad(n::text, 12, '0'))::uuid, $1::uuid, 'Routine ' || n, $2::uuid, '{{routine}}', now()
         FROM generate_series(1, 400) n`,
      [w.company.id, w.engineer.id],
    );
    // a tenth failed, a tenth skipped for a paused agent, the rest (each routine's newest among them) created issues
    await sql().query(
      `INSERT INTO "RoutineRun" (id, "companyId", "routineId", source, status, reason, "createdAt", "updatedAt")
       SELECT uuidv7(), $1::uuid, ('00000000-0000-7000-8000-' || lpad((1 + (n / 10) % 400)::text, 12, '0'))::uuid, 'schedule',
              (CASE n % 10 WHEN 5 THEN 'failed' WHEN 6 THEN 'skipped' ELSE 'issue_created' END)::"RoutineRunStatus",
              (CASE n % 10 WHEN 6 THEN 'assignee_paused' END)::"RoutineSkipReason",
              now() - n * interval '10 seconds', now() - n * interval '10 seconds'
         FROM generate_series(1, 40000) n`,
      [w.company.id],
    );
    await sql().query(`ANALYZE`);
    const c = await sql().connect();
    let plan: PlanNode[];
    try {
      await c.query(`SET plan_cache_mode = force_generic_plan`);
      await c.query(`PREPARE routine_plan AS ${inboxStatements.page}`);
      const values = pageValues(w.company.id, w.owner.id, { kind: "routine_run", limit: 50 }).map((v) => (v === null ? "NULL" : typeof v === "string" ? c.escapeLiteral(v) : String(v)));
      const { rows } = await c.query(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE routine_plan(${values.join(", ")})`);
      plan = nodes((rows[0]["QUERY PLAN"] as Array<{ Plan: PlanNode }>)[0].Plan);
    } finally {
      await c.query("DEALLOCATE routine_plan; RESET plan_cache_mode").catch(() => {}); // the pool's own prepared statements stay
      c.release();
    }
    expect(plan.filter((n) => n["Node Type"] === "Seq Scan" && n["Relation Name"] === "RoutineRun"), "no scan of every run").toEqual([]);
    expect(plan.some((n) => n["Index Name"] === "RoutineRun_companyId_status_reason_updatedAt_idx")).toBe(true);
    // every routine's latest fire created an issue after its failures and skips: nothing needs anyone
    expect(await routineItems(w)).toEqual([]);
  });
});
