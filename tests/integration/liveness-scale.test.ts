// The liveness sweep at volume: one company's open issues (LIVENESS_ISSUES, 5,000 here; 100,000 for the
// figure in docs/benchmarks.md) with as many closed ones, runs and wakes, seeded in SQL. The sweep's
// time is printed, not asserted (the machine is shared); what is asserted is that every issue gets the
// reason its seed gave it, and that a second sweep with nothing changed writes nothing.
import fs from "node:fs";
import os from "node:os";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { liveWorld, sweep } from "../support/liveness";

const N = Number(process.env.LIVENESS_ISSUES ?? 5_000);

// CPU time of this database's PostgreSQL backends and of this process: on a shared machine, nearer to
// what an idle one takes than the wall time
async function cpuMs() {
  const pids = await db().$queryRawUnsafe<{ pid: number }[]>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`);
  let ticks = 0;
  for (const { pid } of pids) {
    // utime and stime, the 14th and 15th fields, in 10 ms ticks
    const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    ticks += Number(f[11]) + Number(f[12]);
  }
  const own = process.cpuUsage();
  return { db: ticks * 10, node: (own.user + own.system) / 1000 };
}

describe("liveness sweep at volume", () => {
  it(`sweeps ${N} open issues`, { timeout: 600_000 }, async () => {
    const w = await liveWorld();
    const agents = await Promise.all(Array.from({ length: 20 }, (_, k) => db().agent.create({
      data: { companyId: w.company.id, name: `Bulk ${k}`, urlKey: `bulk-${k}`, reportsToId: w.manager.id, adapterConfig: { command: "true" },
        ...(k === 0 ? { status: "paused", pauseReason: "board" } : {}) },
    })));
    const ids = agents.map((a) => a.id);
    // i % 4: 0 todo with a queued wake (moving, agent 0's paused), 1 in_progress with a running run
    // (moving), 2 todo with nothing (wake_lost after the grace), 3 blocked without a word (stalled)
    await db().$executeRawUnsafe(`
      INSERT INTO "Issue" (id, "companyId", number, identifier, title, status, "assigneeAgentId", "updatedAt")
      SELECT gen_random_uuid(), $1::uuid, g, $2 || '-' || g, 'Bulk ' || g,
             (CASE WHEN g > $4 THEN 'done' WHEN g % 4 = 1 THEN 'in_progress' WHEN g % 4 = 3 THEN 'blocked' ELSE 'todo' END)::"IssueStatus",
             ($3::uuid[])[1 + (g / 4) % array_length($3::uuid[], 1)], now() - interval '10 minutes'
        FROM generate_series(1, $4 * 2) g`, w.company.id, w.company.issuePrefix, ids, N);
    await db().$executeRawUnsafe(`
      INSERT INTO "WakeRequest" (id, "companyId", "agentId", reason, "issueId", status, "updatedAt")
      SELECT gen_random_uuid(), i."companyId", i."assigneeAgentId", 'manual', i.id, 'queued', now()
        FROM "Issue" i WHERE i."companyId" = $1::uuid AND i.number <= $2 AND i.number % 4 = 0`, w.company.id, N);
    await db().$executeRawUnsafe(`
      INSERT INTO "HeartbeatRun" (id, "companyId", "agentId", "issueId", status, "adapterType", "startedAt", "lastActivityAt")
      SELECT gen_random_uuid(), i."companyId", i."assigneeAgentId", i.id, 'running', 'process', now(), now()
        FROM "Issue" i WHERE i."companyId" = $1::uuid AND i.number <= $2 AND i.number % 4 = 1`, w.company.id, N);
    await db().$executeRawUnsafe(`ANALYZE`);

    if (process.env.LIVENESS_EXPLAIN) {
      const { stallsCtes } = await import("@/lib/services/liveness/detect");
      const plan = await db().$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN (ANALYZE, BUFFERS) WITH ${stallsCtes} SELECT count(*) FROM st`, w.company.id, new Date(), 3600, 120);
      console.log(plan.map((r) => r["QUERY PLAN"]).join("\n"));
    }
    const timed = async () => {
      const [c0, t0] = [await cpuMs(), performance.now()];
      const out = await sweep(w);
      const [c1, t1] = [await cpuMs(), performance.now()];
      return { out, text: `${(t1 - t0).toFixed(0)} ms (CPU: PostgreSQL ${c1.db - c0.db} ms, Node ${(c1.node - c0.node).toFixed(0)} ms)` };
    };
    const { out: first, text: firstText } = await timed();
    const { out: second, text: steadyText } = await timed();
    console.log(`liveness sweep, ${N} open issues (+${N} closed): first ${firstText}, ${first.stalled.length} new stalls; steady ${steadyText}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);

    const counts = Object.fromEntries((await db().issueStall.groupBy({ by: ["reason"], where: { companyId: w.company.id }, _count: true })).map((r) => [r.reason, r._count]));
    const pausedOwn = (r: number) => Array.from({ length: N }, (_, k) => k + 1).filter((g) => g % 4 === r && Math.floor(g / 4) % ids.length === 0).length;
    expect(counts).toEqual({
      blocked_without_reason: N / 4,
      wake_lost: N / 4 - pausedOwn(2),
      agent_paused: pausedOwn(0) + pausedOwn(1) + pausedOwn(2),
    });
    expect(first.stalled).toHaveLength(N / 2 + pausedOwn(0) + pausedOwn(1));
    expect(second).toMatchObject({ stalled: [], moving: [] });
    // not a row written or even locked by the second sweep (a lock sets xmax)
    expect(await db().$queryRawUnsafe(`SELECT count(*)::int AS n FROM "IssueStall" WHERE "companyId" = $1::uuid AND xmax <> '0'`, w.company.id)).toEqual([{ n: 0 }]);
  });
});
