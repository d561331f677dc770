// Runtime benchmark (`npm run bench:runtime`, after `npm run build`), on a server started exactly
// as `npm start` does (its worker inside):
//   - idle: 100 agents, timers off: CPU of the Next server and PostgreSQL over a quiet window (< 1%),
//     after a minute of settling (BENCH_IDLE_SETTLE_SECONDS)
//   - accounting: 1,000 wakes for 100 agents through POST /api/agents/:id/wakeup (25 in flight),
//     agents running the `process` adapter with `true`: every wake accounted for (started, or
//     coalesced into a wake whose run it shares; none left queued), never two runs of one agent at once
//   - dispatch: 1,000 more wakes, in 10 rounds of one per agent written straight into the queue (a
//     round as soon as the previous one is claimed, so each agent always has one waiting behind its
//     run): 1,000 runs, runs per second from the first wake to the last finish (≥ 100)
// BENCH_AGENTS, BENCH_WAKES and BENCH_IDLE_SECONDS make it smaller for a smoke run;
// BENCH_WORKER=external runs the server with CHARTER_WORKER=off and one `npm run worker` process.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import { machine, root, saveResult, sleep, startCharter, withPg } from "./lib.mjs";

const AGENTS = Number(process.env.BENCH_AGENTS ?? 100);
const WAKES = Number(process.env.BENCH_WAKES ?? 1000);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
const IDLE_SETTLE_SECONDS = Number(process.env.BENCH_IDLE_SETTLE_SECONDS ?? 60);
const IN_FLIGHT = 25;

const external = process.env.BENCH_WORKER === "external";
if (external) process.env.CHARTER_WORKER = "off";
const c = await startCharter();
const worker = external
  ? spawn(process.execPath, [path.join(root, "scripts/worker.mjs")], { cwd: root, stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, DATABASE_URL: c.databaseUrl, LOG_LEVEL: "warn" } })
  : null;
const company = await c.api("POST", "/api/companies", { name: "Bench Runtime", issuePrefix: "PULSE" });
const agents = [];
for (let i = 0; i < AGENTS; i++) {
  agents.push(await c.api("POST", `/api/companies/${company.id}/agents`, {
    name: `Worker ${i}`, role: "engineer", adapterType: "process", adapterConfig: { command: "true", args: [] },
    // 10 wakes each in a minute would trip the loop breaker (its purpose); the benchmark measures dispatch
    runtimeConfig: { loopBreaker: { enabled: false } },
  }));
}

// CPU seconds (user + system) of a process and its descendants, from /proc
const ticks = 100;
/** CPU seconds used so far by each of `pids` that is still alive. */
function cpuSeconds(pids) {
  const out = new Map();
  for (const pid of pids) {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      out.set(pid, (Number(f[11]) + Number(f[12])) / ticks);
    } catch { /* gone */ }
  }
  return out;
}
/** CPU seconds used between two readings, by the processes alive at both (a backend that exits is left out, not subtracted). */
const cpuUsed = (before, after) => [...after].reduce((sum, [pid, s]) => sum + (before.has(pid) ? s - before.get(pid) : 0), 0);
// this server's PostgreSQL: its postmaster (started on the bench's data dir) and that one's children
const pgPids = () => {
  const procs = fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d)).map((p) => {
    try {
      return { pid: Number(p), ppid: Number(fs.readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ")[1]), cmd: fs.readFileSync(`/proc/${p}/cmdline`, "utf8") };
    } catch {
      return null;
    }
  }).filter(Boolean);
  const postmasters = new Set(procs.filter((p) => p.cmd.includes("postgres") && p.cmd.includes(c.dataDir)).map((p) => p.pid));
  return procs.filter((p) => postmasters.has(p.pid) || postmasters.has(p.ppid)).map((p) => p.pid);
};

// Settle first: about 45 s after activity stops, V8's memory reducer runs a few full collections
// once (~0.4 s of CPU, seen with --trace-gc as "Mark-Compact (reduce)"). The window measures the
// steady idle state after that, which is what an idle server costs hour after hour.
await sleep(IDLE_SETTLE_SECONDS * 1000);
const watched = [c.nextPid, ...pgPids(), ...(worker ? [worker.pid] : [])];
const cpu0 = cpuSeconds(watched);
const idle0 = performance.now();
await sleep(IDLE_SECONDS * 1000);
const idleCpuPercent = Math.round((cpuUsed(cpu0, cpuSeconds(watched)) / ((performance.now() - idle0) / 1000)) * 1000) / 10;

const t0 = performance.now();
let next = 0;
const statuses = { queued: 0, coalesced: 0 };
await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
  while (next < WAKES) {
    const i = next++;
    const wake = await c.api("POST", `/api/agents/${agents[i % AGENTS].id}/wakeup`, {});
    statuses[wake.status]++;
  }
}));
const injectedMs = performance.now() - t0;

const result = await withPg(c.databaseUrl, async (db) => {
  const open = async () => (await db.query(`SELECT count(*)::int AS n FROM "WakeRequest" WHERE "companyId" = $1 AND status = 'queued'
    UNION ALL SELECT count(*)::int FROM "HeartbeatRun" WHERE "companyId" = $1 AND status IN ('queued', 'running')`, [company.id])).rows.map((r) => r.n);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const [queued, running] = await open();
    if (queued + running === 0) break;
    if (Date.now() > deadline) throw new Error(`still ${queued} queued wakes and ${running} open runs after 2 minutes`);
    await sleep(100);
  }
  const wakes = (await db.query(`SELECT status::text, count(*)::int AS n, count("runId")::int AS "withRun" FROM "WakeRequest" WHERE "companyId" = $1 GROUP BY 1`, [company.id])).rows;
  const runs = (await db.query(`SELECT "agentId", status::text, "startedAt", "finishedAt" FROM "HeartbeatRun" WHERE "companyId" = $1 ORDER BY "agentId", "startedAt"`, [company.id])).rows;
  let overlaps = 0;
  for (let i = 1; i < runs.length; i++) {
    if (runs[i].agentId === runs[i - 1].agentId && runs[i].startedAt < runs[i - 1].finishedAt) overlaps++;
  }
  const first = Math.min(...runs.map((r) => r.startedAt.getTime()));
  const last = Math.max(...runs.map((r) => r.finishedAt.getTime()));
  const byStatus = Object.fromEntries(wakes.map((w) => [w.status, w.n]));
  const accounted = wakes.reduce((s, w) => s + w.n, 0);
  return {
    wakes: WAKES, wakesRecorded: accounted, wakesByStatus: byStatus,
    coalescedWithRun: wakes.find((w) => w.status === "coalesced")?.withRun ?? 0,
    runs: runs.length, runsSucceeded: runs.filter((r) => r.status === "succeeded").length,
    runsPerSecond: Math.round((runs.length / ((last - first) / 1000)) * 10) / 10,
    overlappingRunsOfOneAgent: overlaps,
  };
});

// dispatch throughput: rounds of one queued wake per agent, as requestWake records them
const dispatch = await withPg(c.databaseUrl, async (db) => {
  const rounds = Math.max(1, Math.round(WAKES / AGENTS));
  const started = Date.now();
  const t = performance.now();
  for (let r = 0; r < rounds; r++) {
    for (;;) {
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM "WakeRequest" WHERE "companyId" = $1 AND status = 'queued'`, [company.id]);
      if (rows[0].n === 0) break;
      await sleep(5);
    }
    await db.query("BEGIN");
    await db.query(`INSERT INTO "WakeRequest" (id, "companyId", "agentId", reason, source, status, "updatedAt")
                    SELECT uuidv7(), $1, id, 'manual', 'bench round ${r}', 'queued', now() FROM "Agent" WHERE "companyId" = $1`, [company.id]);
    await db.query(`SELECT pg_notify('charter_wake', 'bench')`);
    await db.query("COMMIT");
  }
  for (;;) {
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM "HeartbeatRun" WHERE "companyId" = $1 AND status IN ('queued', 'running')
                                      UNION ALL SELECT count(*)::int FROM "WakeRequest" WHERE "companyId" = $1 AND status = 'queued'`, [company.id]);
    if (rows[0].n + rows[1].n === 0) break;
    await sleep(20);
  }
  const seconds = (performance.now() - t) / 1000;
  const { rows } = await db.query(`SELECT count(*)::int AS runs, count(*) FILTER (WHERE status = 'succeeded')::int AS ok
                                     FROM "HeartbeatRun" WHERE "companyId" = $1 AND "createdAt" >= $2`, [company.id, new Date(started)]);
  const runs = (await db.query(`SELECT "agentId", "startedAt", "finishedAt" FROM "HeartbeatRun" WHERE "companyId" = $1 ORDER BY "agentId", "startedAt"`, [company.id])).rows;
  let overlaps = 0;
  for (let i = 1; i < runs.length; i++) if (runs[i].agentId === runs[i - 1].agentId && runs[i].startedAt < runs[i - 1].finishedAt) overlaps++;
  return { wakes: rounds * AGENTS, runs: rows[0].runs, succeeded: rows[0].ok, seconds: Math.round(seconds * 10) / 10,
    runsPerSecond: Math.round((rows[0].runs / seconds) * 10) / 10, overlappingRunsOfOneAgentOverall: overlaps };
});

const out = {
  date: new Date().toISOString(), machine: machine(), worker: external ? "npm run worker" : "in the server", agents: AGENTS, idleSeconds: IDLE_SECONDS, idleSettleSeconds: IDLE_SETTLE_SECONDS,
  idleCpuPercentOfOneCore: idleCpuPercent,
  wakeInjection: { wakes: WAKES, inFlight: IN_FLIGHT, seconds: Math.round(injectedMs / 100) / 10, answered: statuses },
  accounting: result,
  dispatch,
  cores: os.cpus().length,
};
console.log(JSON.stringify(out, null, 2));
if (!process.env.BENCH_NO_SAVE) console.log(`saved ${saveResult("runtime", out)}`);
worker?.kill("SIGTERM");
await c.stop();
