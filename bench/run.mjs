// Foundation benchmark: `npm run bench` (needs a production build: npm run build).
// Starts Charter exactly as `npm start` does, on a fresh data dir, and measures in one run:
//   - time from launch to the first 200 on a fresh data dir
//   - the floor: GET /api/ping (no database) at 10 connections
//   - GET /api/agents/me with an agent key at 10 connections, as a share of the floor, and that it
//     writes nothing (row write counters of every table before and after)
//   - RSS of the Next server process idle after start and after the load
// Results go to bench/results/<date>.json and a markdown table on stdout.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const duration = Number(process.env.BENCH_SECONDS ?? 15);
const connections = 10;
const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-bench-"));
fs.chmodSync(dataDir, 0o755);
const env = { ...process.env, PORT: String(port), CHARTER_DATA_DIR: dataDir, LOG_LEVEL: "warn" };
delete env.DATABASE_URL;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const t0 = performance.now();
const server = spawn(process.execPath, [path.join(root, "scripts/serve.mjs"), "start"], { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
server.stdout.on("data", () => {});
let firstOkMs = null;
for (let i = 0; i < 600 && firstOkMs === null; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).status === 200) firstOkMs = Math.round(performance.now() - t0);
  } catch {
    await sleep(50);
  }
}
if (firstOkMs === null) throw new Error("server did not answer");

function descendants(pid) {
  const out = [];
  for (const p of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const ppid = Number(fs.readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ")[1]);
      if (ppid === pid) out.push(Number(p), ...descendants(Number(p)));
    } catch { /* gone */ }
  }
  return out;
}
const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;
const nextPid = descendants(server.pid).find((p) => fs.readFileSync(`/proc/${p}/cmdline`, "utf8").includes("next"));

const cli = (...args) => execFileSync(process.execPath, [path.join(root, "scripts/charter.mjs"), ...args], { cwd: root, env, encoding: "utf8" }).trim();
cli("user", "create", "--email", "bench@example.test", "--password", "benchmark-password", "--admin");
const boardToken = cli("token", "create", "--email", "bench@example.test");
const api = async (method, url, body) => {
  const res = await fetch(base + url, { method, headers: { authorization: `Bearer ${boardToken}`, "content-type": "application/json" }, body: body && JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
};
const company = await api("POST", "/api/companies", { name: "Bench Co" });
const ceo = await api("POST", `/api/companies/${company.id}/agents`, { name: "Chief", role: "ceo" });
const mgr = await api("POST", `/api/companies/${company.id}/agents`, { name: "Manager", role: "manager", reportsTo: ceo.id });
const eng = await api("POST", `/api/companies/${company.id}/agents`, { name: "Engineer", role: "engineer", reportsTo: mgr.id });
const key = await api("POST", `/api/agents/${eng.id}/keys`, { name: "bench" });

await sleep(2000);
const idleRss = rssMiB(nextPid);

const load = (url, headers = {}) =>
  new Promise((resolve, reject) => {
    autocannon({ url: base + url, connections, duration, headers }, (err, r) => (err ? reject(err) : resolve(r)));
  });
const summary = (r) => ({ reqPerSec: Math.round(r.requests.average), p50ms: r.latency.p50, p99ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors });

const pgPort = Number(fs.readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[3]);
const writes = async () => {
  const c = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${pgPort}/charter` });
  await c.connect();
  const r = await c.query("SELECT coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::bigint AS n FROM pg_stat_user_tables");
  await c.end();
  return Number(r.rows[0].n);
};

await load("/api/ping"); // warm-up of both paths
await load("/api/agents/me", { authorization: `Bearer ${key.token}` });
const floor = summary(await load("/api/ping"));
const writesBefore = await writes();
const me = summary(await load("/api/agents/me", { authorization: `Bearer ${key.token}` }));
await sleep(1000); // statistics are flushed asynchronously
const writesAfter = await writes();
const loadedRss = rssMiB(nextPid);

server.kill("SIGTERM");
await new Promise((r) => server.once("exit", r));
fs.rmSync(dataDir, { recursive: true, force: true });

const result = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} × ${os.cpus()[0].model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}, load avg ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`,
  connections, durationSeconds: duration,
  firstOkMs, floor, agentsMe: me,
  agentsMeShareOfFloor: Math.round((me.reqPerSec / floor.reqPerSec) * 100),
  rowWritesDuringAgentsMe: writesAfter - writesBefore,
  rssMiB: { idle: Math.round(idleRss), afterLoad: Math.round(loadedRss) },
};
const file = path.join(root, "bench", "results", `foundation-${result.date.slice(0, 10)}.json`);
fs.writeFileSync(file, JSON.stringify(result, null, 2) + "\n");
console.log(JSON.stringify(result, null, 2));
console.log(`
| measure | result | target |
|---|---|---|
| floor GET /api/ping, ${connections} conns | ${floor.reqPerSec} req/s, p99 ${floor.p99ms} ms | (reference) |
| GET /api/agents/me (agent key) | ${me.reqPerSec} req/s = ${result.agentsMeShareOfFloor}% of floor, p99 ${me.p99ms} ms | ≥ 50%, p99 < 50 ms |
| row writes during the /api/agents/me run | ${result.rowWritesDuringAgentsMe} | 0 |
| fresh data dir → first 200 | ${firstOkMs} ms | < 5000 ms |
| next-server RSS idle / after load | ${result.rssMiB.idle} / ${result.rssMiB.afterLoad} MiB | < 250 / < 400 MiB |
`);
process.exit(0);
