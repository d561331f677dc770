// The misbehaving company's figures (docs/benchmarks.md, "A company that misbehaves"), read
// straight from PostgreSQL and the API: issues done, moving and stalled by reason, issues stuck
// without a reason, the time from becoming stuck to having a reason, wakes per issue, and the
// acknowledged writes that were lost.
import { percentile } from "./lib.mjs";
import { simLimits } from "./sim-world.mjs";

/**
 * Open issues stuck without a reason, as defined in docs/benchmarks.md: open (not backlog, done or
 * cancelled), assigned to an agent, no IssueStall row, nothing under way for it (no queued wake, no
 * running run that showed life within the silence limit), not blocked by open work nor blocked with
 * a comment saying why, and still with no change past its limit plus `graceSec`. Its last motion is
 * the latest of its own change, a comment, a run's start, activity or finish, and a wake for it; its
 * limit the stale-checkout limit in progress, the lost-wake grace in todo, 0 otherwise.
 */
const stuckSql = `
  WITH open_issue AS (
    SELECT i.id, i.identifier, i.status::text AS status, i."updatedAt",
           GREATEST(i."updatedAt",
             (SELECT max(c."createdAt") FROM "IssueComment" c WHERE c."issueId" = i.id),
             (SELECT max(GREATEST(r."startedAt", r."lastActivityAt", r."finishedAt")) FROM "HeartbeatRun" r
               WHERE r."issueId" = i.id OR r.id IN (SELECT ri."runId" FROM "HeartbeatRunIssue" ri WHERE ri."issueId" = i.id)),
             (SELECT max(w."createdAt") FROM "WakeRequest" w WHERE w."issueId" = i.id)) AS "lastMotion"
      FROM "Issue" i
     WHERE i."companyId" = $1 AND i.status NOT IN ('backlog', 'done', 'cancelled') AND i."assigneeAgentId" IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM "IssueStall" s WHERE s."issueId" = i.id)
       AND NOT EXISTS (SELECT 1 FROM "WakeRequest" w WHERE w."issueId" = i.id AND w.status = 'queued')
       AND NOT EXISTS (SELECT 1 FROM "HeartbeatRun" r
                        WHERE (r."issueId" = i.id OR r.id IN (SELECT ri."runId" FROM "HeartbeatRunIssue" ri WHERE ri."issueId" = i.id))
                          AND (r.status = 'queued' OR (r.status = 'running'
                               AND COALESCE(r."lastActivityAt", r."startedAt", r."createdAt") > now() - make_interval(secs => $2))))
       AND NOT (i.status = 'blocked' AND (
             EXISTS (SELECT 1 FROM "IssueBlocker" b JOIN "Issue" bi ON bi.id = b."blockerIssueId"
                      WHERE b."issueId" = i.id AND bi.status NOT IN ('done', 'cancelled'))
          OR (NOT EXISTS (SELECT 1 FROM "IssueBlocker" b WHERE b."issueId" = i.id)
              AND EXISTS (SELECT 1 FROM "IssueComment" c WHERE c."issueId" = i.id AND c."createdAt" >= i."updatedAt" - interval '5 seconds'))))
  )
  SELECT id, identifier, status, "lastMotion",
         "lastMotion" + make_interval(secs => CASE status WHEN 'in_progress' THEN $3::int WHEN 'todo' THEN $4::int ELSE 0 END) AS "stuckAt"
    FROM open_issue
   WHERE "lastMotion" + make_interval(secs => CASE status WHEN 'in_progress' THEN $3::int WHEN 'todo' THEN $4::int ELSE 0 END + $5::int) < now()`;

export async function stuckWithoutReason(pg, companyId, graceSec) {
  const { rows } = await pg.query(stuckSql, [companyId, simLimits.silenceLimitSec, simLimits.staleCheckoutSec, simLimits.wakeLostSec, graceSec]);
  return rows;
}

/** How long after its limit a stall's reason may at the earliest be given. */
const limitOf = (reason) => ({
  stale_checkout: simLimits.staleCheckoutSec, run_silent: simLimits.silenceLimitSec, wake_lost: simLimits.wakeLostSec,
  waiting_on_approval: simLimits.waitLimitSec, waiting_on_question: simLimits.waitLimitSec,
})[reason] ?? 0;

/**
 * Samples every `everyMs` while the simulation runs: each stall seen (its time from becoming stuck
 * to having a reason: detectedAt − (since + the reason's limit), never below 0) and each issue seen
 * stuck without a reason.
 */
export function startSampler(pg, companyId, { everyMs = 10_000, graceSec }) {
  const stalls = new Map();
  const stuck = new Map();
  let samples = 0;
  const sample = async () => {
    const { rows } = await pg.query(`SELECT "issueId", reason::text AS reason, since, "detectedAt" FROM "IssueStall" WHERE "companyId" = $1`, [companyId])
      .catch(() => ({ rows: [] }));
    for (const s of rows) {
      const key = `${s.issueId}:${s.reason}:${s.detectedAt.toISOString()}`;
      if (!stalls.has(key)) stalls.set(key, { ...s, toReasonSec: Math.max(0, (s.detectedAt - s.since) / 1000 - limitOf(s.reason)) });
    }
    for (const s of await stuckWithoutReason(pg, companyId, graceSec)) if (!stuck.has(s.id)) stuck.set(s.id, { ...s, seenAt: new Date() });
    samples++;
  };
  let running = Promise.resolve();
  const timer = setInterval(() => (running = running.then(sample).catch((e) => console.error(`sampler: ${e.message}`))), everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await running;
      await sample();
      return { stalls: [...stalls.values()], stuck: [...stuck.values()], samples };
    },
  };
}

/** Every stalled issue of the company through GET …/stalled's pages, with its counts; null when the route is not there. */
async function stalledFromApi(call, companyId) {
  const items = [];
  let counts = null;
  let cursor = null;
  do {
    const res = await call("GET", `/api/companies/${companyId}/stalled?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    if (res.status !== 200) return null;
    counts ??= res.body.counts;
    items.push(...res.body.items);
    cursor = res.body.nextCursor;
  } while (cursor);
  return { items, counts };
}

/** A journal line's write, found again (true) or not (false). */
async function found(pg, w) {
  const idOf = (re) => re.exec(w.path)?.[1];
  if (w.method === "POST" && w.id) {
    const table = /\/comments$/.test(w.path) ? "IssueComment" : /\/cost-events$/.test(w.path) ? "CostEvent"
      : /\/issues$/.test(w.path) ? "Issue" : /\/agents$/.test(w.path) ? "Agent" : /^\/companies$/.test(w.path) ? "Company" : null;
    if (table) return (await pg.query(`SELECT 1 FROM "${table}" WHERE id = $1`, [w.id])).rowCount === 1;
  }
  // a change of an existing row: its activity entry, written in the same transaction, in the call's window;
  // a checkout of an issue the agent already holds changes nothing, and its earlier checkout is the proof
  const entityId = idOf(/^\/(?:issues|agents|companies)\/([0-9a-f-]{36})/);
  if (!entityId) return true;
  const checkout = /\/checkout$/.test(w.path);
  const { rowCount } = await pg.query(
    `SELECT 1 FROM "ActivityLog" WHERE "entityId" = $1 AND "createdAt" <= $3
        AND ("createdAt" >= $2 OR ($4 AND action = 'issue.checked_out' AND "actorId" = $5)) LIMIT 1`,
    [entityId, new Date(w.t0 - 2000), new Date(w.t1 + 2000), checkout, w.actorId]);
  return rowCount === 1;
}

async function lostWrites(pg, journal) {
  const lost = [];
  for (const w of journal) if (!(await found(pg, w))) lost.push(w);
  return { acknowledged: journal.length, lost };
}

const round = (x) => Math.round(x * 10) / 10;

/** The figures at the end of a simulation. `call` is the board's raw API call ({status, body}). */
export async function census(pg, call, companyId, { sampled, journal, graceSec }) {
  const byStatus = Object.fromEntries((await pg.query(
    `SELECT status::text, count(*)::int AS n FROM "Issue" WHERE "companyId" = $1 GROUP BY 1`, [companyId])).rows.map((r) => [r.status, r.n]));
  const total = Object.values(byStatus).reduce((s, n) => s + n, 0);
  const open = total - (byStatus.done ?? 0) - (byStatus.cancelled ?? 0) - (byStatus.backlog ?? 0);
  const api = await stalledFromApi(call, companyId);
  const dbStalls = (await pg.query(`SELECT reason::text, count(*)::int AS n FROM "IssueStall" WHERE "companyId" = $1 GROUP BY 1`, [companyId])).rows;
  const stalledByReason = api?.counts ?? Object.fromEntries(dbStalls.map((r) => [r.reason, r.n]));
  const stalled = Object.values(stalledByReason).reduce((s, n) => s + n, 0);
  const stuckNow = await stuckWithoutReason(pg, companyId, graceSec);
  const toReason = sampled.stalls.map((s) => s.toReasonSec).sort((a, b) => a - b);
  const byReason = {};
  for (const s of sampled.stalls) (byReason[s.reason] ??= []).push(s.toReasonSec);
  const wakes = (await pg.query(
    `SELECT count(*)::int AS wakes, count(DISTINCT "issueId")::int AS issues, COALESCE(max(n), 0)::int AS "maxPerIssue"
       FROM (SELECT "issueId", count(*) OVER (PARTITION BY "issueId") AS n FROM "WakeRequest" WHERE "companyId" = $1 AND "issueId" IS NOT NULL) w`, [companyId])).rows[0];
  const runs = Object.fromEntries((await pg.query(
    `SELECT status::text, count(*)::int AS n FROM "HeartbeatRun" WHERE "companyId" = $1 GROUP BY 1`, [companyId])).rows.map((r) => [r.status, r.n]));
  const writes = await lostWrites(pg, journal);
  return {
    issues: { total, byStatus, done: byStatus.done ?? 0, open, moving: open - stalled, stalled },
    stalledByReason, stalledFrom: api ? "GET /api/companies/:companyId/stalled" : "IssueStall (the route answered no 200)",
    stuckWithoutReason: { atEnd: stuckNow.length, duringRun: sampled.stuck.length, graceSec, examples: [...stuckNow, ...sampled.stuck].slice(0, 5).map((s) => `${s.identifier} (${s.status})`) },
    timeToReasonSec: {
      stalls: toReason.length, p50: round(percentile(toReason, 50)), p95: round(percentile(toReason, 95)), max: round(toReason.at(-1) ?? 0),
      byReason: Object.fromEntries(Object.entries(byReason).map(([r, xs]) => {
        xs.sort((a, b) => a - b);
        return [r, { stalls: xs.length, p50: round(percentile(xs, 50)), max: round(xs.at(-1)) }];
      })),
    },
    wakesPerIssue: { wakes: wakes.wakes, mean: round(wakes.wakes / Math.max(1, total)), max: wakes.maxPerIssue },
    runs,
    writes: { acknowledged: writes.acknowledged, lost: writes.lost.length, lostExamples: writes.lost.slice(0, 5) },
  };
}

/** The agents' journal file, one acknowledged write a line (a torn last line of a killed agent is left out). */
export function readJournal(text) {
  return text.split("\n").filter(Boolean).flatMap((l) => {
    try {
      return [JSON.parse(l)];
    } catch {
      return [];
    }
  });
}
