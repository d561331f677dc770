// One company's liveness sweep, in one transaction: the computed stalls (detect.ts) are diffed
// against IssueStall (rows inserted, their reason or facts updated, rows of issues moving again
// deleted), each issue that becomes stalled or changes reason gets an issue.stalled event and an
// activity row, each that moves again an issue.moving row, and new stalls are reported (report.ts);
// a pause's company_paused stalls and the stalls a person's change cleared and the sweep found again
// (reset.ts) excepted.
// One sweeper per company at a time: the others skip it (a transaction-scoped advisory lock), so
// two instances never emit one change twice.
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

/** The diff; answers the changes: 'stalled' (new or another reason) and 'moving' (row deleted). */
const diffSql = `
  WITH ${stallsCtes},
  prev AS (SELECT p."issueId", p.reason FROM "IssueStall" p WHERE p."companyId" = $1::uuid),
  gone AS (
    DELETE FROM "IssueStall" p WHERE p."companyId" = $1::uuid AND NOT EXISTS (SELECT 1 FROM st WHERE st."issueId" = p."issueId")
    RETURNING p."issueId", p.reason
  ),
  up AS (
    INSERT INTO "IssueStall" ("issueId", "companyId", reason, since, facts, "detectedAt")
    SELECT st."issueId", $1::uuid, st.reason, st.since, st.facts, $2::timestamptz FROM st
    ON CONFLICT ("issueId") DO UPDATE SET
      reason = EXCLUDED.reason,
      facts = EXCLUDED.facts || ${keptFacts},
      since = CASE WHEN "IssueStall".reason = EXCLUDED.reason THEN "IssueStall".since ELSE EXCLUDED.since END,
      "detectedAt" = CASE WHEN "IssueStall".reason = EXCLUDED.reason THEN "IssueStall"."detectedAt" ELSE EXCLUDED."detectedAt" END
    WHERE "IssueStall".reason IS DISTINCT FROM EXCLUDED.reason OR ("IssueStall".facts - 'managerAgentId') IS DISTINCT FROM EXCLUDED.facts
    RETURNING 1
  )
  SELECT 'stalled' AS kind, st."issueId"::text AS "issueId", p.reason::text AS "previousReason", st.reason::text AS reason
    FROM st LEFT JOIN prev p ON p."issueId" = st."issueId" WHERE p.reason IS DISTINCT FROM st.reason
  UNION ALL
  SELECT 'moving', gone."issueId"::text, gone.reason::text, NULL FROM gone`;

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
}

type Change = { kind: "stalled" | "moving"; issueId: string; previousReason: string | null; reason: string | null };

// A pause stalls every open issue at once and is itself one activity row and one event: its stalls (and
// their end at resume) are on the issues and the Not moving view, but announce nothing per issue.
const PAUSED = "company_paused";

/** Sweeps one company inside the caller's transaction (see sqlTx). */
export async function sweepCompany(exec: SqlExec, companyId: string, now: Date): Promise<SweepOutcome> {
  const [lock] = await exec(`SELECT pg_try_advisory_xact_lock(hashtextextended('liveness:' || $1::text, 0)) AS ok`, [companyId]);
  if (!lock.ok) return { swept: false, stalled: [], moving: [], toManagers: [], toBoard: [] };
  const changes = (await exec(diffSql, [companyId, now, env().CHARTER_RUN_TIMEOUT_SEC, GRACE_SEC])) as unknown as Change[];
  // a stall a person's change cleared, found again for the same cause, is the same stall: not announced
  const restored = await restoreClearedStalls(exec, companyId, changes.filter((c) => c.kind === "stalled" && !c.previousReason).map((c) => c.issueId), now);
  const stalled = changes.filter((c) => c.kind === "stalled" && c.reason !== PAUSED && !restored.has(c.issueId));
  const moving = changes.filter((c) => c.kind === "moving" && c.previousReason !== PAUSED);
  if (stalled.length) {
    await exec(stalledSql, [companyId, stalled.map(() => uuidv7()), stalled.map(() => uuidv7()), stalled.map((c) => c.issueId), stalled.map((c) => c.previousReason)]);
  }
  if (moving.length) await exec(movingSql, [companyId, moving.map(() => uuidv7()), moving.map((c) => c.issueId), moving.map((c) => c.previousReason)]);
  const reported = await reportStalls(exec, companyId, now);
  return { swept: true, stalled: stalled.map((c) => c.issueId), moving: moving.map((c) => c.issueId), ...reported };
}
