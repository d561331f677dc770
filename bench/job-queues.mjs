// Job queue benchmark (`npm run bench:job-queues`), for the choice in
// docs/decisions/0125-outbox-job-queue.md: pg-boss against graphile-worker on an embedded PostgreSQL.
//   - enqueue: BENCH_JOBS (10,000) no-op jobs, each its own statement (as our transactions add them),
//     from 8 connections at once;
//   - run: from starting 4 handlers until every job is done (pg-boss: 4 work() loops of one job each,
//     polling again at once after a job, as lib/runtime/jobs.ts does; graphile-worker: concurrency 4);
//   - crash: a job taken by a separate process that is then killed with SIGKILL: seconds until a new
//     worker runs it again (pg-boss with the settings of lib/runtime/jobs.ts: 60 s expiry, maintenance
//     every 10 s), given up after BENCH_CRASH_CAP_S (150) seconds.
// `node bench/job-queues.mjs child <queue> <url>` is that separate process: it takes the job and hangs.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import PgBoss from "pg-boss";
import { run as graphileRun } from "graphile-worker";
import { startEmbeddedPostgres } from "../lib/db/embedded-postgres.mjs";
import { machine, root, saveResult, sleep } from "./lib.mjs";

const JOBS = Number(process.env.BENCH_JOBS ?? 10_000);
const CRASH_CAP_S = Number(process.env.BENCH_CRASH_CAP_S ?? 150);
const log = (...a) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...a);
const bossOptions = (url) => ({ connectionString: url, schema: "pgboss", schedule: false, expireInSeconds: 60, maintenanceIntervalSeconds: 10, retryLimit: 5, retryDelay: 1 });
const hang = () => new Promise(() => {});

if (process.argv[2] === "child") {
  const [, , , queue, url] = process.argv;
  if (queue === "pgboss") {
    const boss = new PgBoss({ ...bossOptions(url), supervise: false });
    await boss.start();
    await boss.work("crash", { pollingIntervalSeconds: 0.5 }, hang);
  } else {
    await graphileRun({ connectionString: url, concurrency: 1, noHandleSignals: true, pollInterval: 500, taskList: { crash: hang } });
  }
  setInterval(() => {}, 1 << 30);
} else {
  await main();
}

/** Runs `one(client, i)` JOBS times over 8 connections; returns the milliseconds it took. */
async function enqueueAll(url, one) {
  const clients = await Promise.all(Array.from({ length: 8 }, async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    return c;
  }));
  const started = performance.now();
  let next = 0;
  await Promise.all(clients.map(async (c) => {
    while (next < JOBS) await one(c, next++);
  }));
  const ms = performance.now() - started;
  await Promise.all(clients.map((c) => c.end()));
  return ms;
}

async function pgBossThroughput(url) {
  const boss = new PgBoss({ ...bossOptions(url), max: 10 });
  boss.on("error", () => {});
  await boss.start();
  await boss.createQueue("noop", { name: "noop", policy: "standard" });
  const insert = async (c, i) => boss.send("noop", { i }, { db: { executeSql: (text, values) => c.query(text, values) } });
  const enqueueMs = await enqueueAll(url, insert);
  let done = 0;
  const started = performance.now();
  let finished;
  const all = new Promise((r) => (finished = r));
  for (let i = 0; i < 4; i++) {
    // as lib/runtime/jobs.ts: a loop that got a job polls again at once (pg-boss waits the interval otherwise)
    let id;
    id = await boss.work("noop", { batchSize: 1, pollingIntervalSeconds: 0.5 }, async () => {
      if (++done === JOBS) finished();
      boss.notifyWorker(id);
    });
  }
  await all;
  const runMs = performance.now() - started;
  await boss.stop({ graceful: false, wait: true });
  return { enqueueMs: Math.round(enqueueMs), runMs: Math.round(runMs) };
}

async function graphileThroughput(url) {
  let done = 0;
  let finished;
  const all = new Promise((r) => (finished = r));
  // install the schema first, with nothing to run
  const installer = await graphileRun({ connectionString: url, concurrency: 1, noHandleSignals: true, taskList: {} });
  await installer.stop();
  const insert = async (c, i) => c.query(`SELECT graphile_worker.add_job('noop', json_build_object('i', $1::int))`, [i]);
  const enqueueMs = await enqueueAll(url, insert);
  const started = performance.now();
  const runner = await graphileRun({
    connectionString: url, concurrency: 4, noHandleSignals: true, pollInterval: 500,
    taskList: { noop: async () => { if (++done === JOBS) finished(); } },
  });
  await all;
  const runMs = performance.now() - started;
  await runner.stop();
  return { enqueueMs: Math.round(enqueueMs), runMs: Math.round(runMs) };
}

/** Seconds from the SIGKILL of the process holding the job until a new worker runs it, or null past the cap. */
async function crashRecovery(url, queue) {
  let ranAt = null;
  let stop;
  if (queue === "pgboss") {
    const boss = new PgBoss({ ...bossOptions(url), max: 4 });
    boss.on("error", () => {});
    await boss.start();
    await boss.createQueue("crash", { name: "crash", policy: "stately", expireInSeconds: 60, retryLimit: 5, retryDelay: 1 });
    await boss.send("crash", {});
    await boss.stop({ graceful: false, wait: true });
  } else {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`SELECT graphile_worker.add_job('crash', '{}'::json)`);
    await c.end();
  }
  const child = spawn(process.execPath, [path.join(root, "bench/job-queues.mjs"), "child", queue, url], { cwd: root, stdio: "inherit" });
  const taken = queue === "pgboss"
    ? `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'crash' AND state = 'active'`
    : `SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE locked_at IS NOT NULL`;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  while ((await c.query(taken)).rows[0].n === 0) await sleep(100);
  await c.end();
  child.kill("SIGKILL");
  const killedAt = performance.now();
  if (queue === "pgboss") {
    const boss = new PgBoss({ ...bossOptions(url), max: 4, supervise: true });
    boss.on("error", () => {});
    await boss.start();
    await boss.work("crash", { pollingIntervalSeconds: 0.5 }, async () => { ranAt ??= performance.now(); });
    stop = () => boss.stop({ graceful: false, wait: true });
  } else {
    const runner = await graphileRun({ connectionString: url, concurrency: 1, noHandleSignals: true, pollInterval: 500, taskList: { crash: async () => { ranAt ??= performance.now(); } } });
    stop = () => runner.stop();
  }
  while (ranAt === null && performance.now() - killedAt < CRASH_CAP_S * 1000) await sleep(200);
  await stop();
  return ranAt === null ? null : Math.round((ranAt - killedAt) / 100) / 10;
}

async function main() {
  const before = machine();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-bench-queues-"));
  fs.chmodSync(dataDir, 0o755);
  const db = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "pg"), log: () => {} });
  try {
    const results = {};
    for (const [name, throughput] of [["pg-boss", pgBossThroughput], ["graphile-worker", graphileThroughput]]) {
      log(`${name}: ${JOBS} jobs`);
      const t = await throughput(db.url);
      log(`${name}: crash recovery (cap ${CRASH_CAP_S} s)`);
      const crashS = await crashRecovery(db.url, name === "pg-boss" ? "pgboss" : "graphile");
      results[name] = { ...t, enqueuePerS: Math.round(JOBS / (t.enqueueMs / 1000)), runPerS: Math.round(JOBS / (t.runMs / 1000)), crashRecoveryS: crashS };
      log(name, JSON.stringify(results[name]));
    }
    const result = { date: new Date().toISOString(), machine: before, jobs: JOBS, crashCapS: CRASH_CAP_S, results };
    console.log(JSON.stringify(result, null, 2));
    console.log(`saved ${saveResult("job-queues", result)}`);
  } finally {
    await db.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
