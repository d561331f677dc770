// The unfiltered issue counts (kanban column totals, dashboard tasks) are kept by triggers on Issue in
// IssueStatusCount (migration issue_status_counts): they must equal a full count of the issues after
// any mix of concurrent creates, moves, checkouts and deletes from several connections (as several
// app instances would make them), rolled-back and killed transactions, and folds racing the writes.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { issueStatuses, type IssueStatus } from "@/lib/issue-status";
import { FOLD_AT, foldIssueCounts, issueStatusCounts } from "@/lib/services/issues/counts";
import { client } from "../support/api";
import { createWorld } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;

// connections of their own, each as another app instance's pool would be
const pools: pg.Pool[] = [];
const pool = () => {
  const p = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
  pools.push(p);
  return p;
};
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
});

/** What a full count over every issue of the company says. */
async function fullCount(companyId: string) {
  const rows = await db().issue.groupBy({ by: ["status"], where: { companyId }, _count: { _all: true } });
  const byStatus = Object.fromEntries(issueStatuses.map((s) => [s, 0])) as Record<IssueStatus, number>;
  for (const r of rows) byStatus[r.status] = r._count._all;
  return { total: rows.reduce((n, r) => n + r._count._all, 0), byStatus };
}

async function apiCounts(w: World) {
  const res = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/issues/counts`);
  expect(res.status).toBe(200);
  return { total: res.body.total as number, byStatus: res.body.byStatus as Record<IssueStatus, number> };
}

const deltaRows = async (companyId: string) => db().issueStatusCount.count({ where: { companyId } });

async function create(w: World, body: Record<string, unknown> = {}) {
  const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "Work", ...body });
  expect(res.status).toBe(201);
  return res.body as { id: string; status: IssueStatus };
}

const pick = <T>(xs: readonly T[], i: number) => xs[i % xs.length];

describe("issue status counts", () => {
  it("equal a full count after concurrent creates, moves, checkouts, deletes, rollbacks and folds", async () => {
    const w = await createWorld();
    const other = await createWorld();
    const seeded = await Promise.all(Array.from({ length: 40 }, (_, i) => create(w, { status: pick(["backlog", "todo"], i) })));
    await create(other, { status: "todo" });
    const [a, b] = [pool(), pool()];
    const ids = seeded.map((s) => s.id);
    const moves: IssueStatus[] = ["todo", "in_progress", "in_review", "blocked", "done", "cancelled", "backlog"];

    // Each writer has issues of its own (two transactions moving the same issues in opposite orders
    // would deadlock on the issues themselves, whatever the counts do): ids 0-15 in pairs for the
    // transactions, 16-29 for the API's moves, 30-35 for checkouts, 36-39 deleted.
    const work: Promise<unknown>[] = [];
    // creates through the API
    for (let i = 0; i < 30; i++) work.push(create(w, { status: pick(["backlog", "todo"], i) }));
    // moves through the API and checkouts by agents
    for (let i = 0; i < 30; i++) work.push(client(w.tokens.owner).patch(`/api/issues/${ids[16 + (i % 14)]}`, { status: pick(moves, i) }));
    for (let i = 0; i < 6; i++) {
      work.push(client(w.tokens.owner).post(`/api/issues/${ids[30 + i]}/checkout`, { agentId: pick([w.engineer.id, w.manager.id], i), expectedStatuses: ["backlog", "todo"] }));
    }
    // transactions on two "instances", each moving its two issues through statuses in another order
    // while the others do: with one counter row per status these would queue and could deadlock
    for (let t = 0; t < 8; t++) {
      work.push((async () => {
        const c = await pick([a, b], t).connect();
        try {
          await c.query("BEGIN");
          for (const [k, id] of [ids[2 * t], ids[2 * t + 1], ids[2 * t]].entries()) {
            await c.query(`UPDATE "Issue" SET status = $2::"IssueStatus" WHERE id = $1`, [id, pick(moves, t * 3 + k)]);
            await c.query(`SELECT pg_sleep(0.02)`);
          }
          await c.query("COMMIT");
        } catch (e) {
          await c.query("ROLLBACK");
          throw e;
        } finally {
          c.release();
        }
      })());
    }
    // a bulk move (not of the transactions' issues), deletes, and status changes and a create that roll back
    work.push(a.query(`UPDATE "Issue" SET status = 'done' WHERE "companyId" = $1 AND number % 7 = 0 AND NOT id = ANY($2::uuid[])`, [w.company.id, ids.slice(0, 16)]));
    work.push(b.query(`DELETE FROM "Issue" WHERE id = ANY($1::uuid[])`, [ids.slice(36, 40)]));
    for (let t = 0; t < 4; t++) {
      work.push((async () => {
        const c = await pick([a, b], t).connect();
        try {
          await c.query("BEGIN");
          await c.query(`UPDATE "Issue" SET status = 'cancelled' WHERE id = $1`, [ids[16 + t]]);
          await c.query(`INSERT INTO "Issue" (id, "companyId", number, identifier, title, "updatedAt") VALUES (uuidv7(), $1, 100000 + $2, 'X-' || (100000 + $2), 'Gone', now())`, [w.company.id, t]);
          await c.query("ROLLBACK");
        } finally {
          c.release();
        }
      })());
    }
    // reads (which fold) racing the writes
    for (let i = 0; i < 10; i++) work.push(issueStatusCounts(w.company.id), foldIssueCounts(w.company.id));
    const settled = await Promise.allSettled(work);
    expect(settled.filter((s) => s.status === "rejected")).toEqual([]);

    const expected = await fullCount(w.company.id);
    expect(expected.total).toBe(40 + 30 - 4);
    expect(await issueStatusCounts(w.company.id)).toEqual(expected);
    expect(await apiCounts(w)).toEqual(expected);
    // the other company's counts are its own
    expect(await issueStatusCounts(other.company.id)).toEqual(await fullCount(other.company.id));
    // folding changes the rows, not the sums
    await foldIssueCounts(w.company.id);
    expect(await deltaRows(w.company.id)).toBeLessThanOrEqual(issueStatuses.length);
    expect(await issueStatusCounts(w.company.id)).toEqual(expected);
    const dashboard = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/dashboard`);
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.tasks).toMatchObject({ total: expected.total, byStatus: expected.byStatus });
  }, 120_000);

  it("a transaction killed mid-way (as by a crash) leaves the counts exact", async () => {
    const w = await createWorld();
    const issues = await Promise.all(Array.from({ length: 5 }, () => create(w, { status: "todo" })));
    const victim = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await victim.connect();
    const gone = new Promise((resolve) => victim.on("error", resolve));
    const pid = (await victim.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`)).rows[0].pid;
    await victim.query("BEGIN");
    await victim.query(`UPDATE "Issue" SET status = 'done' WHERE id = ANY($1::uuid[])`, [issues.map((i) => i.id)]);
    expect((await db().$queryRaw<Array<{ ok: boolean }>>`SELECT pg_terminate_backend(${pid}::int) AS ok`)[0].ok).toBe(true);
    await gone;
    expect(await issueStatusCounts(w.company.id)).toEqual(await fullCount(w.company.id));
    expect((await issueStatusCounts(w.company.id)).byStatus.todo).toBe(5);
  });

  it("a read folds a company's rows once they pile up past the threshold", async () => {
    const w = await createWorld();
    const issue = await create(w, { status: "todo" });
    const p = pool();
    // FOLD_AT moves back and forth: twice as many delta rows
    for (let i = 0; i < FOLD_AT; i++) await p.query(`UPDATE "Issue" SET status = $2::"IssueStatus" WHERE id = $1`, [issue.id, i % 2 ? "todo" : "in_progress"]);
    expect(await deltaRows(w.company.id)).toBeGreaterThan(2 * FOLD_AT);
    expect(await issueStatusCounts(w.company.id)).toEqual(await fullCount(w.company.id));
    expect(await deltaRows(w.company.id)).toBeLessThanOrEqual(issueStatuses.length);
    expect((await issueStatusCounts(w.company.id)).byStatus.todo).toBe(1);
  });

  it("the migration's backfill counts the issues that were there before it", async () => {
    const w = await createWorld();
    await Promise.all(["backlog", "todo", "todo", "in_progress"].map((status) => create(w, { status, assigneeAgentId: w.engineer.id })));
    const dir = path.resolve(import.meta.dirname, "../../prisma/migrations");
    const migration = fs.readdirSync(dir).find((d) => d.endsWith("_issue_status_counts"));
    const text = fs.readFileSync(path.join(dir, migration!, "migration.sql"), "utf8");
    const backfill = text.slice(text.lastIndexOf(`INSERT INTO "IssueStatusCount"`));
    expect(backfill).toMatch(/FROM "Issue" GROUP BY/);
    await db().$transaction([db().$executeRaw`DELETE FROM "IssueStatusCount"`, db().$executeRawUnsafe(backfill)]);
    expect(await issueStatusCounts(w.company.id)).toEqual(await fullCount(w.company.id));
    expect((await issueStatusCounts(w.company.id)).total).toBe(4);
  });
});

describe("dashboard stale tasks", () => {
  it("count and the ten oldest equal a full read, across priorities and equal times", async () => {
    const w = await createWorld();
    const priorities = ["critical", "high", "medium", "low"];
    const made = await Promise.all(Array.from({ length: 30 }, (_, i) => create(w, { status: "in_progress", assigneeAgentId: w.engineer.id, priority: pick(priorities, i * 3) })));
    await create(w, { status: "todo" });
    const hour = 3_600_000;
    const now = Date.now();
    // three issues at each age of 0, 3, …, 27 hours (equal updatedAt: ordered by id)
    await Promise.all(made.map((m, i) => db().issue.update({ where: { id: m.id }, data: { updatedAt: new Date(now - Math.floor(i / 3) * 3 * hour) } })));
    // a stale issue out of progress is not stale work
    await db().issue.updateMany({ where: { id: made[29].id }, data: { status: "blocked" } });
    for (const minutes of [60, 6 * 60, 24 * 60, 100 * 60]) {
      const res = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/dashboard?staleAfterMinutes=${minutes}`);
      expect(res.status).toBe(200);
      const where = { companyId: w.company.id, status: "in_progress" as const, updatedAt: { lt: new Date(Date.now() - minutes * 60_000) } };
      const oldest = await db().issue.findMany({ where, orderBy: [{ updatedAt: "asc" }, { id: "asc" }], take: 10, select: { id: true } });
      expect(res.body.staleTasks.count, `${minutes}`).toBe(await db().issue.count({ where }));
      expect(res.body.staleTasks.items.map((i: { id: string }) => i.id), `${minutes}`).toEqual(oldest.map((o) => o.id));
    }
    const day = (await client(w.tokens.owner).get(`/api/companies/${w.company.id}/dashboard`)).body.staleTasks;
    // 24 h (three) and 27 h (two: the third is blocked)
    expect(day.count).toBe(5);
    expect((await client(w.tokens.owner).get(`/api/companies/${w.company.id}/dashboard?staleAfterMinutes=60`)).body.staleTasks.count).toBe(26);
  });
});
