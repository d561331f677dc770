// Webhooks benchmark (`node bench/webhooks.mjs`): events delivered per second to a local receiver
// with 10 subscriptions (each event to all 10, signed, through the outbox relay and the pg-boss drain
// jobs of a real `npm run worker` process), and the p99 of the producing transaction (a change that
// writes its event with emitEvent) while nothing is subscribed and while those 10 are being delivered.
// BENCH_WEBHOOK_EVENTS sets the number of events (default 300, so 3,000 deliveries).
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { tsImport } from "tsx/esm/api";
import { startEmbeddedPostgres } from "../lib/db/embedded-postgres.mjs";
import { prepareDatabase } from "../scripts/prepare-db.mjs";
import { machine, percentile, root, saveResult, sleep, withPg } from "./lib.mjs";

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 300);
/** how long to wait for the deliveries before the figures are taken as they stand */
const WAIT_MS = Number(process.env.BENCH_WEBHOOK_WAIT_MS ?? 600_000);
const SUBSCRIPTIONS = 10;
const PRODUCER_CALLS = Number(process.env.BENCH_WEBHOOK_CALLS ?? 300);
const loadBefore = machine();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-bench-webhooks-"));
fs.chmodSync(dataDir, 0o755);
const pg = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "pg"), log: () => {} });
await prepareDatabase(pg.url);
Object.assign(process.env, { DATABASE_URL: pg.url, SESSION_SECRET: "bench-session-secret-bench-session-secret", LOG_LEVEL: "warn", CHARTER_WEBHOOK_ALLOW_PRIVATE: "1" });

const load = (p) => tsImport(p, import.meta.url);
const { db, disconnectDb } = await load("../lib/db/client.ts");
const { emitEvent } = await load("../lib/services/outbox/emit.ts");
const { sealSecret, newStandardWebhookSecret } = await load("../lib/services/routines/secret-box.ts");

let received = 0;
const receiver = http.createServer((req, res) => { req.resume(); req.on("end", () => { received++; res.end("ok"); }); });
await new Promise((r) => receiver.listen(0, "127.0.0.1", r));
const url = `http://127.0.0.1:${receiver.address().port}/hook`;

const companyId = await withPg(pg.url, async (c) =>
  (await c.query(`INSERT INTO "Company" (id, name, "issuePrefix", "updatedAt") VALUES (gen_random_uuid(), 'Bench Hooks', 'HOOK', now()) RETURNING id`)).rows[0].id);

const data = (i) => ({ issueId: "00000000-0000-4000-8000-000000000000", identifier: `HOOK-${i}`, title: `Event ${i}`, status: "todo", priority: "medium", assigneeAgentId: null, parentId: null });
const produce = (i) => db().$transaction((tx) => emitEvent(tx, null, { companyId, type: "issue.created", subject: { type: "issue", id: data(i).issueId }, data: data(i) }));

/** p50/p99 of PRODUCER_CALLS producing transactions, while the worker relays and delivers. */
async function producerLatency() {
  const times = [];
  for (let i = 0; i < PRODUCER_CALLS; i++) {
    const t = performance.now();
    await produce(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: +percentile(times, 50).toFixed(2), p99: +percentile(times, 99).toFixed(2) };
}

const worker = spawn(process.execPath, [path.join(root, "scripts/worker.mjs")], { cwd: root, env: process.env, stdio: ["ignore", "inherit", "inherit"] });
await sleep(5_000);
await produce(-1);
const without = await producerLatency();
await sleep(3_000);

await db().webhookSubscription.createMany({
  data: Array.from({ length: SUBSCRIPTIONS }, () => ({ companyId, url, eventTypes: ["issue.created"], secretEncrypted: sealSecret(newStandardWebhookSecret()) })),
});
received = 0;
const started = performance.now();
for (let i = 0; i < EVENTS; i++) await produce(i);
const expected = EVENTS * SUBSCRIPTIONS;
const withSubs = await producerLatency(); // measured while the deliveries above run
const deadline = Date.now() + WAIT_MS;
while (received < expected + PRODUCER_CALLS * SUBSCRIPTIONS && Date.now() < deadline) await sleep(100);
const seconds = (performance.now() - started) / 1000;
const total = received;
const target = expected + PRODUCER_CALLS * SUBSCRIPTIONS;

const result = {
  date: new Date().toISOString(), events: EVENTS + PRODUCER_CALLS, subscriptions: SUBSCRIPTIONS, deliveries: total, complete: total >= target,
  deliveriesPerSecond: Math.round(total / seconds), eventsPerSecond: +((total / SUBSCRIPTIONS) / seconds).toFixed(1),
  producerWithout: without, producerWith: withSubs, loadBefore, loadAfter: machine(),
};
console.log(JSON.stringify(result, null, 2));
saveResult("webhooks", result);
worker.kill("SIGTERM");
await new Promise((r) => worker.on("exit", r));
await disconnectDb();
receiver.close();
await pg.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
