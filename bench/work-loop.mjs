// Work-loop benchmark (`npm run bench:work-loop`, after `npm run build`): one company with
// 100,000 issues and 300,000 comments, measured against the no-database floor of the same run (the
// floor and the list in alternating rounds, see alternate()):
//   - GET /api/companies/:id/issues?status=todo&limit=50 at 10 connections (≥ 40% of floor, p99 < 60 ms)
//   - `q` search (p99 < 100 ms): a rare word, two common words, a common and a rare word
//   - POST /api/companies/:id/issues (≥ 25% of floor)
//   - the checkout race: 20 agents × 200 issues, 100 requests in flight: exactly one 200 per issue,
//     ≥ 250 checkouts/s, p99 < 600 ms
import http from "node:http";
import { alternate, load, machine, percentile, saveResult, startCharter, withPg } from "./lib.mjs";

const duration = Number(process.env.BENCH_SECONDS ?? 15);
const ISSUES = Number(process.env.BENCH_ISSUES ?? 100_000);
const COMMENTS = ISSUES * 3;
const c = await startCharter();
const company = await c.api("POST", "/api/companies", { name: "Bench Loop", issuePrefix: "LOOP" });
const manager = await c.api("POST", `/api/companies/${company.id}/agents`, { adapterConfig: { command: "true" }, name: "Manager", role: "manager" });
const agents = [];
for (let i = 0; i < 20; i++) {
  const a = await c.api("POST", `/api/companies/${company.id}/agents`, { adapterConfig: { command: "true" }, name: `Engineer ${i}`, role: "engineer", reportsTo: manager.id });
  agents.push({ ...a, token: (await c.api("POST", `/api/agents/${a.id}/keys`, { name: "bench" })).token });
}

const words = "deploy build release cache index schema query budget agent review design test merge branch commit pipeline latency memory disk network token queue worker retry timeout backlog roadmap invoice customer onboarding billing report metrics dashboard alert incident outage patch upgrade migrate refactor cleanup document spec security audit".split(" ");
const t0 = performance.now();
await withPg(c.databaseUrl, async (db) => {
  await db.query(`SET session_replication_role = replica`);
  await db.query(`CREATE TEMP TABLE w AS SELECT ARRAY[${words.map((w) => `'${w}'`).join(",")}] AS a`);
  const phrase = (n) => `(SELECT string_agg(w.a[1 + floor(random() * ${words.length})::int], ' ') FROM w, generate_series(1, ${n}) g WHERE s.n IS NOT NULL)`;
  const agentIds = `ARRAY[${agents.map((a) => `'${a.id}'::uuid`).join(",")}]`;
  await db.query(`
    INSERT INTO "Issue" (id, "companyId", number, identifier, title, description, status, priority, "assigneeAgentId", "createdAt", "updatedAt")
    SELECT uuidv7(), $1, s.n, 'LOOP-' || s.n, 'Issue ' || s.n || ': ' || ${phrase(5)}, ${phrase(30)},
           (ARRAY['todo','todo','todo','backlog','backlog','done','done','in_review','blocked','cancelled'])[1 + s.n % 10]::"IssueStatus",
           (ARRAY['critical','high','high','medium','medium','medium','low','low'])[1 + (s.n * 7) % 8]::"IssuePriority",
           CASE WHEN s.n % 3 = 0 THEN (${agentIds})[1 + s.n % 20] END,
           now() - (s.n % 5000) * interval '1 minute', now() - ((s.n * 13) % 100000) * interval '1 second'
      FROM generate_series(1, ${ISSUES}) AS s(n)`, [company.id]);
  await db.query(`UPDATE "Company" SET "issueCounter" = ${ISSUES} WHERE id = $1`, [company.id]);
  await db.query(`
    INSERT INTO "IssueComment" (id, "companyId", "issueId", body, "authorAgentId", "createdAt", "updatedAt")
    SELECT uuidv7(), $1, i.id, ${phrase(25)} || CASE WHEN s.n % 50000 = 0 THEN ' zebrafish' ELSE '' END, i."assigneeAgentId", now(), now()
      FROM generate_series(1, ${COMMENTS}) AS s(n) JOIN "Issue" i ON i."companyId" = $1 AND i.number = (1 + (s.n::bigint * 7919) % ${ISSUES})::int`, [company.id]);
  // rows inserted in bulk skip the per-row search triggers; the migration's own backfill then
  // computes every issue's search vector at once (the same function the triggers use)
  await db.query(`SET session_replication_role = DEFAULT`);
  await db.query(`UPDATE "Issue" i SET "searchVector" = charter_issue_search_vector(i) WHERE i."companyId" = $1`, [company.id]);
  // the UPDATE left a dead version of every issue: vacuum now, as autovacuum would within a minute
  // of a bulk load, so that it does not run (on the same two cores) in the middle of a measurement
  await db.query(`VACUUM (ANALYZE) "Issue", "IssueComment"`);
  // and write the load's dirty pages out now, not in a checkpoint during a measurement
  await db.query(`CHECKPOINT`);
});
const seedSeconds = Math.round((performance.now() - t0) / 100) / 10;

const agentAuth = { authorization: `Bearer ${agents[0].token}` };
await load(c.base, { path: "/api/ping", duration: 3 });
await load(c.base, { path: `/api/companies/${company.id}/issues?status=todo&limit=50`, headers: agentAuth, duration: 3 });
const [floor, list] = await alternate(c.base, { path: "/api/ping" }, { path: `/api/companies/${company.id}/issues?status=todo&limit=50`, headers: agentAuth }, { duration });
const searchRare = await load(c.base, { path: `/api/companies/${company.id}/issues?q=zebrafish&limit=50`, headers: agentAuth, duration });
const searchCommon = await load(c.base, { path: `/api/companies/${company.id}/issues?q=pipeline%20latency&limit=50`, headers: agentAuth, duration });
// a common word with a rare one: the walk finds too few, the index answers (the slowest path)
const searchMixed = await load(c.base, { path: `/api/companies/${company.id}/issues?q=deploy%20zebrafish&limit=50`, headers: agentAuth, duration });
const create = await load(c.base, {
  path: `/api/companies/${company.id}/issues`, method: "POST", duration,
  headers: { ...agentAuth, "content-type": "application/json" }, body: JSON.stringify({ title: "Benchmark issue", priority: "medium" }),
});

// checkout race: 200 fresh todo issues, every agent tries every issue, 100 requests in flight, over
// keep-alive sockets (node:http: the client's own CPU shares the cores with the server). A warm-up
// race over 20 other issues first, so the measured one sees a warm route and warm connections.
const agent = new http.Agent({ keepAlive: true, maxSockets: 100 });
const checkout = (issue, a) => new Promise((resolve, reject) => {
  const body = JSON.stringify({ agentId: a.id, expectedStatuses: ["todo"] });
  const req = http.request(`${c.base}/api/issues/${issue.id}/checkout`, {
    method: "POST", agent, headers: { authorization: `Bearer ${a.token}`, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
  }, (res) => { res.resume(); res.on("end", () => resolve(res.statusCode)); });
  req.on("error", reject);
  req.end(body);
});
async function runRace(issues) {
  const jobs = [];
  for (const issue of issues) for (const a of agents) jobs.push({ issue, a });
  jobs.sort(() => Math.random() - 0.5);
  const latencies = [];
  const wins = new Map();
  const statusCounts = {};
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: 100 }, async () => {
    while (next < jobs.length) {
      const { issue, a } = jobs[next++];
      const t = performance.now();
      const status = await checkout(issue, a);
      latencies.push(performance.now() - t);
      statusCounts[status] = (statusCounts[status] ?? 0) + 1;
      if (status === 200) wins.set(issue.id, (wins.get(issue.id) ?? 0) + 1);
    }
  }));
  return { jobs, latencies, wins, statusCounts, seconds: (performance.now() - t0) / 1000 };
}
const makeIssues = async (n, prefix) => {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await c.api("POST", `/api/companies/${company.id}/issues`, { title: `${prefix} ${i}`, status: "todo" }));
  return out;
};
await runRace(await makeIssues(20, "Warm-up"));
const raceIssues = await makeIssues(200, "Race");
const { jobs, latencies, wins, statusCounts, seconds: raceSeconds } = await runRace(raceIssues);
latencies.sort((x, y) => x - y);
const race = {
  requests: jobs.length, statusCounts, seconds: Math.round(raceSeconds * 100) / 100,
  checkoutsPerSec: Math.round(jobs.length / raceSeconds),
  p50ms: Math.round(percentile(latencies, 50)), p99ms: Math.round(percentile(latencies, 99)),
  exactlyOneWinnerPerIssue: raceIssues.every((i) => wins.get(i.id) === 1),
};
await c.stop();

const share = (r) => Math.round((r.reqPerSec / floor.reqPerSec) * 100);
const result = {
  date: new Date().toISOString(), machine: machine(), issues: ISSUES, comments: COMMENTS, seedSeconds, durationSeconds: duration,
  floor, list: { ...list, shareOfFloor: share(list) }, searchRare, searchCommon, searchMixed, create: { ...create, shareOfFloor: share(create) }, race,
};
saveResult("work-loop", result);
console.log(JSON.stringify(result, null, 2));
console.log(`
| measure (${ISSUES.toLocaleString("en")} issues, ${COMMENTS.toLocaleString("en")} comments) | result | target |
|---|---|---|
| floor: GET /api/ping, 10 connections (rounds alternating with the list's) | ${floor.reqPerSec} req/s, p99 ${floor.p99ms} ms | (reference) |
| GET …/issues?status=todo&limit=50 | ${list.reqPerSec} req/s = **${share(list)}%** of floor, p99 ${list.p99ms} ms | ≥ 40%, p99 < 60 ms |
| q search, a rare word | ${searchRare.reqPerSec} req/s, p99 **${searchRare.p99ms} ms** | p99 < 100 ms |
| q search, two common words | ${searchCommon.reqPerSec} req/s, p99 **${searchCommon.p99ms} ms** | p99 < 100 ms |
| q search, a common and a rare word | ${searchMixed.reqPerSec} req/s, p99 **${searchMixed.p99ms} ms** | p99 < 100 ms |
| POST …/issues | ${create.reqPerSec} req/s = **${share(create)}%** of floor, p99 ${create.p99ms} ms | ≥ 25% |
| checkout race, 20 agents × 200 issues, 100 in flight | ${race.checkoutsPerSec} checkouts/s, p99 ${race.p99ms} ms, one winner per issue: ${race.exactlyOneWinnerPerIssue} | ≥ 250/s, p99 < 600 ms, exactly one |
`);
process.exit(0);
