// Routines benchmark (`npm run bench:routines`): 1,000 routines due in the same minute, fired by a
// real `npm run worker` process (its routine tick) on an embedded PostgreSQL with the product's
// settings. Each fire is the whole transaction: claim, the execution issue, the assignee's routine
// wake, the run and activity rows. The worker also runs the wakes it gets (10 agents, the `process`
// adapter running `true`), as it would in production. Pass: every routine fired within its minute.
// BENCH_ROUTINES makes it smaller for a smoke run.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "../lib/db/embedded-postgres.mjs";
import { prepareDatabase } from "../scripts/prepare-db.mjs";
import { machine, percentile, root, saveResult, sleep, withPg } from "./lib.mjs";

const ROUTINES = Number(process.env.BENCH_ROUTINES ?? 1000);
const AGENTS = 10;
const loadBefore = machine();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-bench-routines-"));
fs.chmodSync(dataDir, 0o755);
const pg = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "pg"), log: () => {} });
await prepareDatabase(pg.url);

// the window: the first whole minute at least 25 s away, so seeding is done before it
const window = new Date(Math.ceil((Date.now() + 25_000) / 60_000) * 60_000);
const cron = `${window.getUTCMinutes()} ${window.getUTCHours()} * * *`;

await withPg(pg.url, async (c) => {
  const company = (await c.query(`INSERT INTO "Company" (id, name, "issuePrefix", "updatedAt") VALUES (gen_random_uuid(), 'Bench Routines', 'TICK', now()) RETURNING id`)).rows[0].id;
  await c.query(
    `INSERT INTO "Agent" (id, "companyId", name, "urlKey", role, "adapterType", "adapterConfig", "runtimeConfig", "updatedAt")
     SELECT gen_random_uuid(), $1, 'Agent ' || n, 'agent-' || n, 'engineer', 'process', '{"command": "true", "args": []}', '{"loopBreaker": {"enabled": false}}', now()
       FROM generate_series(1, $2) n`,
    [company, AGENTS],
  );
  await c.query(
    `WITH a AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM "Agent" WHERE "companyId" = $1),
          r AS (INSERT INTO "Routine" (id, "companyId", name, description, "assigneeAgentId", "titleTemplate", "updatedAt")
                SELECT gen_random_uuid(), $1, 'Routine ' || n, 'Recurring work ' || n, a.id, '{{routine}} {{date}} {{time}}', now()
                  FROM generate_series(0, $2 - 1) n JOIN a ON a.i = n % $3 RETURNING id)
     INSERT INTO "RoutineTrigger" (id, "companyId", "routineId", kind, cron, timezone, "nextFireAt", "updatedAt")
     SELECT gen_random_uuid(), $1, r.id, 'schedule', $4, 'UTC', $5, now() FROM r`,
    [company, ROUTINES, AGENTS, cron, window],
  );
});

const env = { ...process.env, DATABASE_URL: pg.url, SESSION_SECRET: "bench-session-secret-bench-session-secret", LOG_LEVEL: "warn" };
const worker = spawn(process.execPath, [path.join(root, "scripts/worker.mjs")], { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });

let stats;
await withPg(pg.url, async (c) => {
  const deadline = window.getTime() + 120_000;
  for (;;) {
    const { rows } = await c.query(`SELECT count(*)::int AS n FROM "RoutineRun" WHERE "scheduledFor" = $1`, [window]);
    if (rows[0].n >= ROUTINES || Date.now() > deadline) break;
    await sleep(500);
  }
  const runs = (await c.query(`SELECT extract(epoch FROM "createdAt" - $1::timestamptz) * 1000 AS ms, status::text AS status FROM "RoutineRun" WHERE "scheduledFor" = $1 ORDER BY 1`, [window])).rows;
  const lags = runs.map((r) => Number(r.ms));
  const counts = (await c.query(`SELECT (SELECT count(*) FROM "Issue")::int AS issues, (SELECT count(*) FROM "WakeRequest" WHERE reason = 'routine')::int AS wakes,
                                        (SELECT count(*) FROM "HeartbeatRun")::int AS "heartbeatRuns"`)).rows[0];
  stats = {
    routines: ROUTINES, fired: runs.length, issueCreated: runs.filter((r) => r.status === "issue_created").length, ...counts,
    firstFireAfterMinuteMs: Math.round(lags[0] ?? NaN), p50FireAfterMinuteMs: Math.round(percentile(lags, 50)),
    p99FireAfterMinuteMs: Math.round(percentile(lags, 99)), lastFireAfterMinuteMs: Math.round(lags.at(-1) ?? NaN),
    firesPerSecond: lags.length > 1 ? Math.round((lags.length / ((lags.at(-1) - lags[0]) / 1000)) * 10) / 10 : null,
  };
});

worker.kill("SIGTERM");
await new Promise((r) => worker.once("exit", r));
await pg.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

const pass = stats.fired === ROUTINES && stats.lastFireAfterMinuteMs < 60_000;
const result = { date: new Date().toISOString(), machine: loadBefore, command: "npm run bench:routines", window: window.toISOString(), ...stats, pass };
console.log(JSON.stringify(result, null, 2));
console.log(`\n| ${result.date.slice(0, 10)} | ${stats.routines} | ${stats.fired} | ${stats.firstFireAfterMinuteMs} | ${stats.p50FireAfterMinuteMs} | ${stats.p99FireAfterMinuteMs} | ${stats.lastFireAfterMinuteMs} | ${stats.firesPerSecond} | ${pass ? "yes" : "no"} |`);
console.log(`saved ${saveResult("routines", result)}`);
process.exit(pass ? 0 : 1);
