// A company that misbehaves (`npm run bench:company-sim`, after `npx next build`; docs/benchmarks.md):
// its own embedded PostgreSQL, two app instances started as `npm start` does (CHARTER_WORKER=off)
// behind a small round-robin proxy, and one `npm run worker` process. A company of SIM_AGENTS
// agents on the `process` adapter (bench/sim-agent.mjs, calling the real API with its run's key)
// works SIM_ISSUES issues in a hierarchy while faults are injected for SIM_DURATION_SEC: runs that
// crash, hang, exit without a comment, forget to release and exceed their budget; a manager
// terminated mid-delegation; blockers finished by the board behind their dependents' backs; the
// worker and one app instance killed with -9 and restarted. Then SIM_SETTLE_SEC without faults,
// and the figures (bench/sim-figures.mjs): issues done, moving, stalled by reason, stuck without a
// reason, time from stuck to a reason, wakes per issue, acknowledged writes lost.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pgLib from "pg";
import { startEmbeddedPostgres } from "../lib/db/embedded-postgres.mjs";
import { prepareDatabase } from "../scripts/prepare-db.mjs";
import { machine, root, saveResult, sleep } from "./lib.mjs";
import { census, readJournal, startSampler } from "./sim-figures.mjs";
import { boardClient, boardFaults, buildCompany, defaultRates, writeControl } from "./sim-world.mjs";

const DURATION_SEC = Number(process.env.SIM_DURATION_SEC ?? 600);
const SETTLE_SEC = Number(process.env.SIM_SETTLE_SEC ?? 240);
const AGENTS = Number(process.env.SIM_AGENTS ?? 50);
const ISSUES = Number(process.env.SIM_ISSUES ?? 500);
const GRACE_SEC = Number(process.env.SIM_GRACE_SEC ?? 120);
const TICK_MS = process.env.SIM_LIVENESS_TICK_MS ?? "5000";
const loadBefore = machine();
const log = (line) => console.log(`[sim ${new Date().toISOString().slice(11, 19)}] ${line}`);

if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.error("company-sim: no production build: run `npx next build` first");
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-company-sim-"));
fs.chmodSync(dataDir, 0o755);
const db = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "pg"), log: () => {} });
await prepareDatabase(db.url);
const control = path.join(dataDir, "control.json");
const agentJournal = path.join(dataDir, "journal.ndjson");
writeControl(control, { faults: false });
fs.writeFileSync(agentJournal, "");

const freePort = () => new Promise((r) => {
  const s = http.createServer().listen(0, "127.0.0.1", () => {
    const { port } = s.address();
    s.close(() => r(port));
  });
});

// The load balancer in front of the instances: a connection refused (an instance that is down) goes to the next one.
const instances = [{ port: await freePort() }, { port: await freePort() }];
let turn = 0;
const proxy = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const body = Buffer.concat(chunks);
    const attempt = (left) => {
      const target = instances[turn++ % instances.length];
      const out = http.request({ host: "127.0.0.1", port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode, answer.headers);
        answer.pipe(res);
      });
      out.on("error", (e) => {
        if (e.code === "ECONNREFUSED" && left > 0) return attempt(left - 1);
        if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" }).end(JSON.stringify({ error: `proxy: ${e.code ?? e.message}` }));
        else res.destroy();
      });
      out.end(body);
    };
    attempt(instances.length * 3);
  });
});
await new Promise((r) => proxy.listen(0, "127.0.0.1", r));
const base = `http://127.0.0.1:${proxy.address().port}`;

const sharedEnv = {
  ...process.env, DATABASE_URL: db.url, SESSION_SECRET: "company-sim-session-secret-company-sim", LOG_LEVEL: "warn", PUBLIC_BASE_URL: base,
  CHARTER_DATA_DIR: dataDir, CHARTER_WORKER: "off", CHARTER_WORKER_POLL_MS: TICK_MS, CHARTER_LIVENESS_TICK_MS: TICK_MS, HOST: "127.0.0.1",
};
/** A process in a group of its own, so that kill -9 reaches everything it started. */
const startGroup = (script, args, env) => spawn(process.execPath, [path.join(root, script), ...args], { cwd: root, env, detached: true, stdio: ["ignore", "ignore", "inherit"] });
const killGroup = async (child) => {
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch { /* gone */ }
  if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once("exit", r));
};

/**
 * The agents' programs run in groups of their own (the run launcher's), which a kill -9 of the worker's
 * group leaves behind, its launcher gone with it: a hung one would outlive the simulation. Found by the
 * control file in their environment, which only this run's agents carry.
 */
function killStrayAgents() {
  for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`SIM_CONTROL=${control}`)) process.kill(Number(pid), "SIGKILL");
    } catch { /* gone, or not ours to read */ }
  }
}

async function startInstance(i) {
  instances[i].child = startGroup("scripts/serve.mjs", ["start"], { ...sharedEnv, PORT: String(instances[i].port) });
  for (let t = 0; t < 1200; t++) {
    try {
      if ((await fetch(`http://127.0.0.1:${instances[i].port}/api/health`)).status === 200) return;
    } catch { /* not yet */ }
    await sleep(100);
  }
  throw new Error(`app instance ${i} did not answer`);
}
const startWorker = () => startGroup("scripts/worker.mjs", [], { ...sharedEnv, CHARTER_WORKER: "on", CHARTER_WORKER_CONCURRENCY: "16" });

// a simulation that fails half-way takes its processes with it
process.on("exit", () => {
  for (const child of [worker, ...instances.map((i) => i.child)]) {
    try {
      if (child) process.kill(-child.pid, "SIGKILL");
    } catch { /* gone */ }
  }
});
let worker = null;
await Promise.all([startInstance(0), startInstance(1)]);
worker = startWorker();
const cli = (...args) => execFileSync(process.execPath, [path.join(root, "scripts/charter.mjs"), ...args], { cwd: root, env: sharedEnv, encoding: "utf8" }).trim();
cli("user", "create", "--email", "sim@example.test", "--password", "simulation-password", "--admin");
const token = cli("token", "create", "--email", "sim@example.test");

const call = async (method, url, body) => {
  const res = await fetch(base + url, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: body && JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};
const boardJournal = [];
const api = boardClient(call, boardJournal);
const pg = new pgLib.Client({ connectionString: db.url });
await pg.connect();

log(`building a company of ${AGENTS} agents; ${ISSUES} issues are filed while the faults run`);
const world = await buildCompany(api, { agents: AGENTS, issues: ISSUES, prefix: "SIM", control, agentJournal, fileAll: false });
const companyId = world.company.id;
const faults = boardFaults(api, pg, world);
const sampler = startSampler(pg, companyId, { graceSec: GRACE_SEC });
const events = [];
const note = (what) => {
  events.push({ atSec: Math.round((Date.now() - t0) / 1000), what });
  log(what);
};

const t0 = Date.now();
writeControl(control, { faults: true, rates: defaultRates });
note("faults on");
const at = (fraction) => t0 + fraction * DURATION_SEC * 1000;
const schedule = [
  [at(0.25), async () => note(`terminated manager ${await faults.terminateBusyManager()} mid-delegation`)],
  [at(0.4), async () => {
    await killGroup(worker);
    note("worker killed with -9");
    await sleep(3000);
    worker = startWorker();
    note("worker restarted");
  }],
  [at(0.6), async () => {
    await killGroup(instances[1].child);
    note("app instance 2 killed with -9");
    await sleep(3000);
    await startInstance(1);
    note("app instance 2 restarted");
  }],
];
let nextBehindBacks = t0 + 45_000;
// the projects are filed over the first 70% of the faults, so that work keeps coming while they run
const fileEveryMs = (0.7 * DURATION_SEC * 1000) / world.filer.projects;
let filed = 0;
while (Date.now() < t0 + DURATION_SEC * 1000) {
  // one project per turn at most, so that a slow filing does not hold the scheduled faults back
  if (Date.now() >= t0 + filed * fileEveryMs && (await world.filer.next())) filed++;
  while (schedule.length && Date.now() >= schedule[0][0]) await schedule.shift()[1]().catch((e) => note(`fault failed: ${e.message}`));
  if (Date.now() >= nextBehindBacks) {
    nextBehindBacks += 60_000;
    await faults.finishBehindBacks().then((n) => note(`board finished ${n} blockers behind their dependents' backs`), (e) => note(`fault failed: ${e.message}`));
  }
  await sleep(1000);
}
while (await world.filer.next()) filed++;
note(`${filed} of ${world.filer.projects} projects filed`);
writeControl(control, { faults: false });
note(`faults off; settling for ${SETTLE_SEC} s`);
await sleep(SETTLE_SEC * 1000);

const sampled = await sampler.stop();
const journal = [...boardJournal, ...readJournal(fs.readFileSync(agentJournal, "utf8"))];
const figures = await census(pg, call, companyId, { sampled, journal, graceSec: GRACE_SEC });
const result = {
  date: new Date().toISOString(), agents: AGENTS, issuesFiled: ISSUES, durationSec: DURATION_SEC, settleSec: SETTLE_SEC, rates: defaultRates, events, ...figures,
  loadBefore, loadAfter: machine(),
};
console.log(JSON.stringify(result, null, 2));
if (!process.env.BENCH_NO_SAVE) log(`saved ${saveResult("company-sim", result)}`);

await pg.end();
for (const child of [worker, ...instances.map((i) => i.child)]) {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch { /* gone */ }
}
await sleep(3000);
for (const child of [worker, ...instances.map((i) => i.child)]) await killGroup(child);
killStrayAgents();
proxy.close();
await db.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
