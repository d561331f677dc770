// Governance benchmark (`npm run bench:governance`, after `npm run build`): one company with
// 1,000,000 cost events over 20 agents and 10 projects in the last 90 days, measured against the
// no-database floor of the same run:
//   - GET …/costs/summary and …/costs/by-agent (this month, and a 90-day range): p99 < 100 ms
//   - POST …/cost-events at 10 connections, by one agent and by ten agents: ≥ 30% of floor
// BENCH_EVENTS and BENCH_SECONDS shrink it for a smoke run.
import { load, machine, saveResult, startCharter, withPg } from "./lib.mjs";

const duration = Number(process.env.BENCH_SECONDS ?? 15);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const DAYS = 90;
const c = await startCharter();
const company = await c.api("POST", "/api/companies", { name: "Bench Money", issuePrefix: "MONEY" });
const agents = [];
for (let i = 0; i < 20; i++) {
  const a = await c.api("POST", `/api/companies/${company.id}/agents`, { adapterConfig: { command: "true" }, name: `Spender ${i}`, role: i === 0 ? "ceo" : "engineer" });
  agents.push({ ...a, token: (await c.api("POST", `/api/agents/${a.id}/keys`, { name: "bench" })).token });
}
const projects = [];
for (let i = 0; i < 10; i++) projects.push(await c.api("POST", `/api/companies/${company.id}/projects`, { name: `Project ${i}` }));

const t0 = performance.now();
await withPg(c.databaseUrl, async (db) => {
  const agentIds = `ARRAY[${agents.map((a) => `'${a.id}'::uuid`).join(",")}]`;
  const projectIds = `ARRAY[${projects.map((p) => `'${p.id}'::uuid`).join(",")}]`;
  // events spread evenly over the last 90 days; every fifth without a project
  await db.query(`
    INSERT INTO "CostEvent" (id, "companyId", "agentId", "projectId", provider, model, "inputTokens", "outputTokens", "costCents", "occurredAt", "createdAt")
    SELECT uuidv7(), $1, (${agentIds})[1 + s.n % 20], CASE WHEN s.n % 5 = 0 THEN NULL ELSE (${projectIds})[1 + s.n % 10] END,
           'anthropic', 'claude', 500 + s.n % 1000, 100 + s.n % 300, 1 + s.n % 7,
           now() - ((s.n::bigint * 7777) % (${DAYS} * 86400)) * interval '1 second', now()
      FROM generate_series(1, ${EVENTS}) AS s(n)`, [company.id]);
  // the rollup exactly as recordCostEvent folds each event (bulk loads bypass that statement)
  await db.query(`
    INSERT INTO "CostRollup" ("companyId", day, "agentId", "projectId", "costCents", "inputTokens", "outputTokens", "eventCount")
    SELECT "companyId", ("occurredAt" AT TIME ZONE 'UTC')::date, "agentId", coalesce("projectId", '00000000-0000-0000-0000-000000000000'::uuid),
           sum("costCents"), sum("inputTokens"), sum("outputTokens"), count(*)
      FROM "CostEvent" WHERE "companyId" = $1 GROUP BY 1, 2, 3, 4`, [company.id]);
  await db.query(`ANALYZE "CostEvent"; ANALYZE "CostRollup"`);
});
const seedSeconds = Math.round((performance.now() - t0) / 100) / 10;

const boardAuth = { authorization: `Bearer ${c.boardToken}` };
const day = (d) => d.toISOString().slice(0, 10);
const range = `from=${day(new Date(Date.now() - (DAYS - 1) * 86_400_000))}&to=${day(new Date())}`;
const paths = {
  summary: `/api/companies/${company.id}/costs/summary`,
  byAgent: `/api/companies/${company.id}/costs/by-agent`,
};
await load(c.base, { path: "/api/ping", duration: 3 });
await load(c.base, { path: paths.summary, headers: boardAuth, duration: 3 });
const floor = await load(c.base, { path: "/api/ping", duration });
const summary = await load(c.base, { path: paths.summary, headers: boardAuth, duration });
const byAgent = await load(c.base, { path: paths.byAgent, headers: boardAuth, duration });
const summary90 = await load(c.base, { path: `${paths.summary}?${range}`, headers: boardAuth, duration });
const byAgent90 = await load(c.base, { path: `${paths.byAgent}?${range}`, headers: boardAuth, duration });
const spender = agents[1];
const post = await load(c.base, {
  path: `/api/companies/${company.id}/cost-events`, method: "POST", duration,
  headers: { authorization: `Bearer ${spender.token}`, "content-type": "application/json" },
  body: JSON.stringify({ agentId: spender.id, provider: "anthropic", model: "claude", inputTokens: 1000, outputTokens: 200, costCents: 3 }),
});
// The same, as a company reports: ten agents, each on its own connection. One agent's concurrent
// reports queue on its rollup row (what keeps its budget's 80% and 100% crossings exact); different
// agents' do not.
let client = 0;
const postTen = await load(c.base, {
  path: `/api/companies/${company.id}/cost-events`, method: "POST", duration,
  headers: { "content-type": "application/json" },
  setupClient: (cl) => {
    const a = agents[1 + (client++ % 10)];
    cl.setHeadersAndBody({ authorization: `Bearer ${a.token}`, "content-type": "application/json" },
      JSON.stringify({ agentId: a.id, provider: "anthropic", model: "claude", inputTokens: 1000, outputTokens: 200, costCents: 3 }));
  },
});
// the rollup still equals the events after the load
const consistent = await withPg(c.databaseUrl, async (db) => {
  const { rows } = await db.query(`SELECT (SELECT sum("costCents") FROM "CostEvent" WHERE "companyId" = $1)::bigint AS events,
                                          (SELECT sum("costCents") FROM "CostRollup" WHERE "companyId" = $1)::bigint AS rollup`, [company.id]);
  return rows[0].events === rows[0].rollup;
});
await c.stop();

const share = (r) => Math.round((r.reqPerSec / floor.reqPerSec) * 100);
const result = {
  date: new Date().toISOString(), machine: machine(), events: EVENTS, seedSeconds, durationSeconds: duration,
  floor, summary, byAgent, summary90, byAgent90, post: { ...post, shareOfFloor: share(post) }, postTenAgents: { ...postTen, shareOfFloor: share(postTen) }, rollupEqualsEvents: consistent,
};
saveResult("governance", result);
console.log(JSON.stringify(result, null, 2));
console.log(`
| measure (${EVENTS.toLocaleString("en")} cost events) | result | target |
|---|---|---|
| floor: GET /api/ping, 10 connections | ${floor.reqPerSec} req/s, p99 ${floor.p99ms} ms | (reference) |
| GET …/costs/summary (this month) | ${summary.reqPerSec} req/s, p99 **${summary.p99ms} ms** | p99 < 100 ms |
| GET …/costs/by-agent (this month) | ${byAgent.reqPerSec} req/s, p99 **${byAgent.p99ms} ms** | p99 < 100 ms |
| GET …/costs/summary (90 days) | ${summary90.reqPerSec} req/s, p99 ${summary90.p99ms} ms | |
| GET …/costs/by-agent (90 days) | ${byAgent90.reqPerSec} req/s, p99 ${byAgent90.p99ms} ms | |
| POST …/cost-events, one agent on 10 connections | ${post.reqPerSec} req/s = **${share(post)}%** of floor, p99 ${post.p99ms} ms | ≥ 30% |
| POST …/cost-events, ten agents, one connection each | ${postTen.reqPerSec} req/s = **${share(postTen)}%** of floor, p99 ${postTen.p99ms} ms | ≥ 30% |
| rollup equals the events afterwards | ${consistent} | true |
`);
process.exit(0);
