// Foundation benchmark (`npm run bench:foundation`, after `npm run build`). In one run:
//   - launch → first 200 on a fresh data dir
//   - the floor: GET /api/ping (no database) at 10 connections
//   - GET /api/agents/me with an agent key, as a share of the floor, and that it writes no row
//   - RSS of the Next server idle after start and after the load
import { load, machine, rssMiB, saveResult, sleep, startCharter, withPg } from "./lib.mjs";

const duration = Number(process.env.BENCH_SECONDS ?? 15);
const c = await startCharter();
const company = await c.api("POST", "/api/companies", { name: "Bench Co" });
const ceo = await c.api("POST", `/api/companies/${company.id}/agents`, { adapterConfig: { command: "true" }, name: "Chief", role: "ceo" });
const mgr = await c.api("POST", `/api/companies/${company.id}/agents`, { adapterConfig: { command: "true" }, name: "Manager", role: "manager", reportsTo: ceo.id });
const eng = await c.api("POST", `/api/companies/${company.id}/agents`, { adapterConfig: { command: "true" }, name: "Engineer", role: "engineer", reportsTo: mgr.id });
const key = await c.api("POST", `/api/agents/${eng.id}/keys`, { name: "bench" });
await sleep(2000);
const idleRss = rssMiB(c.nextPid);

const writes = () => withPg(c.databaseUrl, async (db) =>
  Number((await db.query("SELECT coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::bigint AS n FROM pg_stat_user_tables")).rows[0].n));
const me = { path: "/api/agents/me", headers: { authorization: `Bearer ${key.token}` } };

await load(c.base, { path: "/api/ping", duration: 3 });
await load(c.base, { ...me, duration: 3 });
const floor = await load(c.base, { path: "/api/ping", duration });
const before = await writes();
const agentsMe = await load(c.base, { ...me, duration });
await sleep(1000); // table statistics are flushed asynchronously
const after = await writes();
const loadedRss = rssMiB(c.nextPid);
await c.stop();

const result = {
  date: new Date().toISOString(), machine: machine(), connections: 10, durationSeconds: duration,
  firstOkMs: c.firstOkMs, floor, agentsMe, agentsMeShareOfFloor: Math.round((agentsMe.reqPerSec / floor.reqPerSec) * 100),
  rowWritesDuringAgentsMe: after - before, rssMiB: { idle: idleRss, afterLoad: loadedRss },
};
saveResult("foundation", result);
console.log(JSON.stringify(result, null, 2));
console.log(`
| measure | result | target |
|---|---|---|
| floor: GET /api/ping, 10 connections | ${floor.reqPerSec} req/s, p99 ${floor.p99ms} ms | (reference) |
| GET /api/agents/me with an agent key | ${agentsMe.reqPerSec} req/s = **${result.agentsMeShareOfFloor}%** of floor, p99 ${agentsMe.p99ms} ms | ≥ 50%, p99 < 50 ms |
| rows written during the /api/agents/me run | ${result.rowWritesDuringAgentsMe} | 0 |
| fresh data dir → first 200 | ${c.firstOkMs} ms | < 5000 ms |
| next-server RSS idle after start / after the load | ${idleRss} / ${loadedRss} MiB | < 250 / < 400 MiB |
`);
process.exit(0);
