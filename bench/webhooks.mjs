// Webhooks benchmark (`npm run bench:webhooks`, after `npm run build`): Charter started as `npm start`
// starts it (the app and its worker), 10 subscriptions of one local receiver made through the API, then
//   1. throughput: BENCH_WEBHOOK_EVENTS issues created through the API, each an `issue.created` event
//      delivered to all 10 subscriptions (outbox relay, pg-boss drain jobs, signed POSTs): deliveries/s
//      from the first call to the last delivery;
//   2. the API call's latency: POST /api/companies/:id/issues at a fixed rate (BENCH_WEBHOOK_RATE/s), in
//      alternating rounds with the 10 subscriptions disabled and enabled (see alternate() in lib.mjs for
//      why rounds alternate on a shared host). An enabled round's deliveries run while it is measured;
//      the next disabled round starts only once they have all arrived, so it measures none.
// BENCH_WEBHOOK_WORKER=separate runs the deliveries as operations.md's scale-out does: the server with
// CHARTER_WORKER=off and `npm run worker` beside it (at nice 10, so the API is served first); the
// default is `npm start`'s single process, where the worker shares the server's event loop.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import { machine, percentile, root, saveResult, sleep, startCharter } from "./lib.mjs";

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 500);
const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 10);
const ROUND_SECONDS = Number(process.env.BENCH_WEBHOOK_ROUND_SECONDS ?? 15);
const ROUNDS = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 4);
const SEPARATE = process.env.BENCH_WEBHOOK_WORKER === "separate";
const SUBSCRIPTIONS = 10;
const WAIT_MS = 600_000;
const loadBefore = machine();

process.env.CHARTER_WEBHOOK_ALLOW_PRIVATE = "1";
process.env.SESSION_SECRET = randomBytes(32).toString("hex"); // the worker opens the secrets the server sealed
if (SEPARATE) process.env.CHARTER_WORKER = "off";
const c = await startCharter();
const worker = SEPARATE
  ? spawn("nice", ["-n", "10", process.execPath, path.join(root, "scripts/worker.mjs")], {
    cwd: root, env: { ...process.env, CHARTER_WORKER: "on", DATABASE_URL: c.databaseUrl }, stdio: ["ignore", "ignore", "inherit"],
  })
  : null;

let received = 0;
const receiver = http.createServer((req, res) => { req.resume(); req.on("end", () => { received++; res.end("ok"); }); });
await new Promise((r) => receiver.listen(0, "127.0.0.1", r));
const url = `http://127.0.0.1:${receiver.address().port}/hook`;

const company = await c.api("POST", "/api/companies", { name: "Bench Hooks", issuePrefix: "HOOK" });
const subs = [];
for (let i = 0; i < SUBSCRIPTIONS; i++) subs.push(await c.api("POST", `/api/companies/${company.id}/webhooks`, { url, eventTypes: ["issue.created"] }));
const setEnabled = (enabled) => Promise.all(subs.map((s) => c.api("PATCH", `/api/webhooks/${s.id}`, { enabled })));

async function until(count) {
  const deadline = Date.now() + WAIT_MS;
  while (received < count && Date.now() < deadline) await sleep(50);
  return received >= count;
}

const createIssue = { method: "POST", path: `/api/companies/${company.id}/issues`, body: JSON.stringify({ title: "Bench webhook event" }) };
const headers = { authorization: `Bearer ${c.boardToken}`, "content-type": "application/json" };

/** Creates `n` issues through the API with 10 calls in flight. */
async function produce(n) {
  let next = 0;
  await Promise.all(Array.from({ length: 10 }, async () => {
    while (next++ < n) {
      const res = await fetch(c.base + createIssue.path, { method: "POST", headers, body: createIssue.body });
      if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
    }
  }));
}

// 1. throughput
await produce(20); // warm the route and the drains
await until(20 * SUBSCRIPTIONS);
received = 0;
const started = performance.now();
await produce(EVENTS);
const complete = await until(EVENTS * SUBSCRIPTIONS);
const seconds = (performance.now() - started) / 1000;
const throughput = { events: EVENTS, deliveries: received, complete, seconds: +seconds.toFixed(1), deliveriesPerSecond: Math.round(received / seconds), eventsPerSecond: +(received / SUBSCRIPTIONS / seconds).toFixed(1) };

// 2. the producing call's latency, subscriptions off and on
function round() {
  return new Promise((resolve, reject) => {
    autocannon({ url: c.base + createIssue.path, method: "POST", headers, body: createIssue.body, connections: 4, overallRate: RATE, duration: ROUND_SECONDS }, (err, r) =>
      err ? reject(err) : resolve({ requests: r.requests.total, p50ms: r.latency.p50, p99ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors }));
  });
}
const sides = { off: [], on: [] };
for (let i = 0; i < ROUNDS; i++) {
  await setEnabled(false);
  sides.off.push(await round());
  await setEnabled(true);
  received = 0;
  const r = await round();
  r.deliveredAll = await until(r.requests * SUBSCRIPTIONS);
  sides.on.push(r);
}
const summary = (rs) => {
  const p99s = rs.map((r) => r.p99ms).sort((a, b) => a - b);
  return {
    requests: rs.reduce((s, r) => s + r.requests, 0), non2xx: rs.reduce((s, r) => s + r.non2xx + r.errors, 0),
    p50ms: Math.round(rs.reduce((s, r) => s + r.p50ms, 0) / rs.length), p99msMedian: percentile(p99s, 50), p99msWorst: p99s.at(-1), rounds: rs,
  };
};

const result = {
  date: new Date().toISOString(), worker: SEPARATE ? "separate (nice 10)" : "in the server", subscriptions: SUBSCRIPTIONS, throughput, ratePerSecond: RATE, roundSeconds: ROUND_SECONDS,
  apiWithout: summary(sides.off), apiWith: summary(sides.on), loadBefore, loadAfter: machine(),
};
console.log(JSON.stringify(result, null, 2));
saveResult(SEPARATE ? "webhooks-separate-worker" : "webhooks", result);
if (worker) {
  worker.kill("SIGTERM");
  await new Promise((r) => worker.once("exit", r));
}
receiver.close();
await c.stop();
