// One company's liveness sweep: the computed stalls (detect.ts) are diffed against IssueStall (rows
// inserted, their reason or facts updated, rows of issues moving again deleted), each issue that becomes
// stalled or changes reason gets an issue.stalled event and an activity row in the transaction of its
// row, each that moves again an issue.moving row, and new stalls are reported (report.ts); a pause's
// company_paused stalls (see PAUSED) and the stalls a person's change cleared and the sweep found again
// (reset.ts) excepted. A transaction writes at most SWEEP_CHUNK changes.
// One sweeper per company at a time: the others skip it (a transaction-scoped advisory lock), so
// two instances never emit one change twice.
import { sqlTx } from "@/lib/db/client";
import type { SqlExec } from "@/lib/db/sql-exec";
import { env } from "@/lib/env";
import { uuidv7 } from "@/lib/ids";
import { insertActivitySql, systemActorSql } from "@/lib/services/activity";
import { GRACE_SEC, stallsCtes } from "@/lib/services/liveness/detect";
import { reportStalls, type ReportOutcome } from "@/lib/services/liveness/report";
import { restoreClearedStalls } from "@/lib/services/liveness/reset";
import { insertEventSql } from "@/lib/services/outbox/emit";

// managerAgentId is the report's (report.ts), not the rules': it survives a recomputation.
const keptFacts = `CASE WHEN "IssueStall".facts ? 'managerAgentId'
  THEN jsonb_build_object('managerAgentId', "IssueStall".facts->'managerAgentId') ELSE '{}'::jsonb END`;

/**
 * The diff, limited to the issues whose stall changed and to $5 of them (the rest is the next
 * transaction's): unchanged rows are neither written nor locked. Answers the changes: 'stalled' (new
 * or another reason), 'moving' (row deleted) and, when the limit was reached, one 'more'.
 */
const diffSql = `
  WITH ${stallsCtes},
  prev AS (SELECT p."issueId", p.reason, p.facts FROM "IssueStall" p WHERE p."companyId" = $1::uuid),
  delta AS MATERIALIZED (
    SELECT COALESCE(st."issueId", p."issueId") AS "issueId", st.reason, st.since, st.facts, p.reason AS "previousReason"
      FROM st FULL JOIN prev p ON p."issueId" = st."issueId"
     WHERE p."issueId" IS NULL OR st."issueId" IS NULL OR p.reason IS DISTINCT FROM st.reason
        OR (p.facts - 'managerAgentId') IS DISTINCT FROM st.facts
     ORDER BY 1 LIMIT $5
  ),
  gone AS (
    DELETE FROM "IssueStall" p USING delta d WHERE p."issueId" = d."issueId" AND p."companyId" = $1::uuid AND d.reason IS NULL
    RETURNING p."issueId", p.reason
  ),
  up AS (
    INSERT INTO "IssueStall" ("issueId", "companyId", reason, since, facts, "detectedAt")
    SELECT d."issueId", $1::uuid, d.reason, d.since, d.facts, $2::timestamptz FROM delta d WHERE d.reason IS NOT NULL
    ON CONFLICT ("issueId") DO UPDATE SET
      reason = EXCLUDED.reason,
      facts = EXCLUDED.facts || ${keptFacts},
      since = CASE WHEN "IssueStall".reason = EXCLUDED.reason THEN "IssueStall".since ELSE EXCLUDED.since END,
      "detectedAt" = CASE WHEN "IssueStall".reason = EXCLUDED.reason THEN "IssueStall"."detectedAt" ELSE EXCLUDED."detectedAt" END
    WHERE "IssueStall".reason IS DISTINCT FROM EXCLUDED.reason OR ("IssueStall".facts - 'managerAgentId') IS DISTINCT FROM EXCLUDED.facts
    RETURNING 1
  )
  SELECT 'stalled' AS kind, d."issueId"::text AS "issueId", d."previousReason"::text AS "previousReason", d.reason::text AS reason
    FROM delta d WHERE d.reason IS NOT NULL AND d."previousReason" IS DISTINCT FROM d.reason
  UNION ALL
  SELECT 'moving', gone."issueId"::text, gone.reason::text, NULL FROM gone
  UNION ALL
  SELECT 'more', NULL, NULL, NULL WHERE (SELECT count(*) FROM delta) >= $5`;

const isoSql = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// $1 company, $2 event ids, $3 activity ids, $4 issue ids, $5 previous reasons (NULL: newly stalled)
const stalledFrom = `unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::text[]) AS u(eid, aid, iid, prev)
      JOIN "IssueStall" s ON s."issueId" = u.iid JOIN "Issue" i ON i.id = u.iid AND i."companyId" = $1::uuid`;
const stalledSql = `
  WITH ev AS (${insertEventSql({
    id: "u.eid", companyId: "$1", type: "'issue.stalled'", subjectType: "'issue'", subjectId: "i.id", ...systemActorSql,
    data: `jsonb_build_object('issueId', i.id, 'identifier', i.identifier, 'title', i.title, 'reason', s.reason, 'since', ${isoSql("s.since")}, 'facts', s.facts)`,
  }, stalledFrom)})
  ${insertActivitySql({
    id: "u.aid", companyId: "$1", ...systemActorSql, action: "'issue.stalled'", entityType: "'issue'", entityId: "i.id",
    details: `jsonb_strip_nulls(jsonb_build_object('reason', s.reason, 'previousReason', u.prev, 'since', ${isoSql("s.since")}, 'facts', s.facts))`,
  }, stalledFrom)}`;

// $1 company, $2 activity ids, $3 issue ids, $4 the reasons they had
const movingSql = insertActivitySql({
  id: "u.aid", companyId: "$1", ...systemActorSql, action: "'issue.moving'", entityType: "'issue'", entityId: "u.iid",
  details: "jsonb_build_object('previousReason', u.prev)",
}, "unnest($2::uuid[], $3::uuid[], $4::text[]) AS u(aid, iid, prev)");

export interface SweepOutcome extends ReportOutcome {
  /** false: another sweeper held the company, nothing was done */
  swept: boolean;
  stalled: string[];
  moving: string[];
  /** true: changes beyond this transaction's share are left for the next one (sweepCompanyInChunks) */
  more: boolean;
}

type Change = { kind: "stalled" | "moving" | "more"; issueId: string; previousReason: string | null; reason: string | null };

// A pause stalls every open issue at once and is itself one activity row and one event: its stalls (and
// their end at resume) are on the issues and the Not moving view, but announce nothing per issue.
const PAUSED = "company_paused";

/** How many changed stalls one transaction writes, with their events and activity rows. */
const SWEEP_CHUNK = 5_000;

// A share this large leaves the table's statistics far behind: the report's joins would be planned for a
// handful of rows (nested loops over tens of thousands).
const ANALYZE_AFTER = 1_000;

const MAX_SHARES = 1_000;

const skipped = (): SweepOutcome => ({ swept: false, stalled: [], moving: [], more: false, toManagers: [], toBoard: [] });

/**
 * Sweeps one company inside the caller's transaction (see sqlTx), at most `chunk` changes of it. The
 * reports wait for the last share, so a manager hears of a mass stall in one wake.
 */
export async function sweepCompany(exec: SqlExec, companyId: string, now: Date, chunk = SWEEP_CHUNK): Promise<SweepOutcome> {
  const [lock] = await exec(`SELECT pg_try_advisory_xact_lock(hashtextextended('liveness:' || $1::text, 0)) AS ok`, [companyId]);
  if (!lock.ok) return skipped();
  // the summary of every open issue is read by each rule: kept in memory rather than spilled to disk
  await exec(`SET LOCAL work_mem = '64MB'`, []);
  const changes = (await exec(diffSql, [companyId, now, env().CHARTER_RUN_TIMEOUT_SEC, GRACE_SEC, chunk])) as unknown as Change[];
  // a stall a person's change cleared, found again for the same cause, is the same stall: not announced
  const restored = await restoreClearedStalls(exec, companyId, changes.filter((c) => c.kind === "stalled" && !c.previousReason).map((c) => c.issueId), now);
  const stalled = changes.filter((c) => c.kind === "stalled" && c.reason !== PAUSED && !restored.has(c.issueId));
  const moving = changes.filter((c) => c.kind === "moving" && c.previousReason !== PAUSED);
  const more = changes.some((c) => c.kind === "more");
  if (changes.length >= ANALYZE_AFTER) await exec(`ANALYZE "IssueStall"`, []);
  if (stalled.length) {
    await exec(stalledSql, [companyId, stalled.map(() => uuidv7()), stalled.map(() => uuidv7()), stalled.map((c) => c.issueId), stalled.map((c) => c.previousReason)]);
  }
  if (moving.length) await exec(movingSql, [companyId, moving.map(() => uuidv7()), moving.map((c) => c.issueId), moving.map((c) => c.previousReason)]);
  const reported = more ? { toManagers: [], toBoard: [] } : await reportStalls(exec, companyId, now);
  return { swept: true, stalled: stalled.map((c) => c.issueId), moving: moving.map((c) => c.issueId), more, ...reported };
}

/**
 * Sweeps one company to the end, one transaction per share of changes, so a mass stall neither holds
 * its rows for long nor makes one giant transaction. Each share takes the company's lock and diffs
 * against what is committed, so shares taken by another sweeper in between are never written twice;
 * when another sweeper holds the company, it finishes the job.
 */
export async function sweepCompanyInChunks(companyId: string, now: Date, chunk = SWEEP_CHUNK): Promise<SweepOutcome> {
  const all = skipped();
  // bounded, should the world change faster than the shares are written: the next tick goes on
  for (let share = 0; share < MAX_SHARES; share++) {
    const out = await sqlTx((exec) => sweepCompany(exec, companyId, now, chunk));
    if (!out.swept) return all;
    all.swept = true;
    all.stalled.push(...out.stalled);
    all.moving.push(...out.moving);
    if (!out.more) return { ...all, toManagers: out.toManagers, toBoard: out.toBoard };
  }
  return { ...all, more: true };
}
