// Shared by the benchmarks: start Charter exactly as `npm start` does on a fresh data dir, make a
// board user through the CLI, call the API, run autocannon, read process memory.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function startCharter() {
  const port = 3900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-bench-"));
  fs.chmodSync(dataDir, 0o755);
  const env = { ...process.env, PORT: String(port), CHARTER_DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  delete env.DATABASE_URL;
  const t0 = performance.now();
  const server = spawn(process.execPath, [path.join(root, "scripts/serve.mjs"), "start"], { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
  server.stdout.on("data", () => {});
  let firstOkMs = null;
  for (let i = 0; i < 1200 && firstOkMs === null; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) firstOkMs = Math.round(performance.now() - t0);
    } catch {
      await sleep(50);
    }
  }
  if (firstOkMs === null) throw new Error("server did not answer");
  const cli = (...args) => execFileSync(process.execPath, [path.join(root, "scripts/charter.mjs"), ...args], { cwd: root, env, encoding: "utf8" }).trim();
  cli("user", "create", "--email", "bench@example.test", "--password", "benchmark-password", "--admin");
  const boardToken = cli("token", "create", "--email", "bench@example.test");
  const pgPort = Number(fs.readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[3]);
  const databaseUrl = `postgresql://postgres:postgres@127.0.0.1:${pgPort}/charter`;
  const nextPid = descendants(server.pid).find((p) => fs.readFileSync(`/proc/${p}/cmdline`, "utf8").includes("next"));
  const api = async (method, url, body, token = boardToken) => {
    const res = await fetch(base + url, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: body && JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const stop = async () => {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, firstOkMs, boardToken, databaseUrl, dataDir, nextPid, api, stop };
}

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

export const rssMiB = (pid) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024);

/** autocannon at `connections` for `duration` seconds; a summary with req/s and latency percentiles. */
export function load(base, opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 10, duration: 10, ...opts, url: base + opts.path }, (err, r) =>
      err ? reject(err) : resolve({ reqPerSec: Math.round(r.requests.average), p50ms: r.latency.p50, p99ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors }));
  });
}

/**
 * `a` and `b` measured in alternating rounds (a, b, a, b, …) of `duration / rounds` seconds each: on a
 * shared host the machine's speed drifts over tens of seconds, and two back-to-back windows would
 * compare different machines. Each side: mean req/s, mean p50, the worst round's p99, and the rounds.
 */
export async function alternate(base, a, b, { duration, rounds = 3 }) {
  const runs = [[], []];
  for (let i = 0; i < rounds; i++) {
    runs[0].push(await load(base, { ...a, duration: duration / rounds }));
    runs[1].push(await load(base, { ...b, duration: duration / rounds }));
  }
  const mean = (xs) => Math.round(xs.reduce((s, x) => s + x, 0) / xs.length);
  return runs.map((rs) => ({
    reqPerSec: mean(rs.map((r) => r.reqPerSec)), p50ms: mean(rs.map((r) => r.p50ms)), p99ms: Math.max(...rs.map((r) => r.p99ms)),
    non2xx: rs.reduce((s, r) => s + r.non2xx, 0), errors: rs.reduce((s, r) => s + r.errors, 0),
    rounds: rs.map((r) => ({ reqPerSec: r.reqPerSec, p99ms: r.p99ms })),
  }));
}

export async function withPg(url, fn) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export function machine() {
  return `${os.cpus().length} × ${os.cpus()[0].model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}, load avg before ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`;
}

export function saveResult(name, result) {
  const file = path.join(root, "bench", "results", `${name}-${result.date.slice(0, 10)}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(result, null, 2) + "\n");
  return file;
}

export function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
}
