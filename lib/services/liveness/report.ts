// Who hears about a stall, once: the assignee's manager agent (reportsTo), with one stalled_report
// wake per manager per sweep listing its reports' newly stalled issues; then the board (the inbox's
// `stalled` kind reads reportedToBoardAt) when the issue is still stalled BOARD_AFTER_SEC after the
// manager heard, or at once when there is no manager able to run (no agent assignee, no manager, a
// manager that is paused, terminated, pending approval, or a paused company). A stall whose reason
// changes is the same stall: it is not reported again. A pause's company_paused stalls are reported to
// nobody: the board paused the company itself, and one stall per open issue would bury the inbox.
import type { SqlExec } from "@/lib/db/sql-exec";
import { requestWake } from "@/lib/services/wakeups";

/**
 * The most issues one report wake lists: a mass stall (an agent with thousands of issues paused) would
 * otherwise put megabytes in one wake's payload; `total` says how many there are, and the manager reads
 * the rest from GET /api/companies/:companyId/stalled.
 */
export const REPORT_LIST_MAX = 100;

/** How long a manager has to move a reported issue before the board is told. */
export const BOARD_AFTER_SEC = 30 * 60;

export interface ReportOutcome {
  /** issue ids reported to a manager in this sweep */
  toManagers: string[];
  /** issue ids reported to the board in this sweep */
  toBoard: string[];
}

// The manager of each unreported stall's assignee, when it can run ($1 company).
const managerSql = `
  SELECT s."issueId", m.id AS "managerId"
    FROM "IssueStall" s
    JOIN "Issue" i ON i.id = s."issueId" AND i."companyId" = s."companyId"
    JOIN "Agent" a ON a.id = i."assigneeAgentId" AND a."companyId" = s."companyId"
    JOIN "Agent" m ON m.id = a."reportsToId" AND m."companyId" = s."companyId"
   WHERE s."companyId" = $1::uuid AND m.status IN ('idle', 'running', 'error') AND m.id <> a.id
     AND NOT EXISTS (SELECT 1 FROM "Company" c WHERE c.id = s."companyId" AND (c."pausedAt" IS NOT NULL OR c.status <> 'active'))
     AND NOT EXISTS (SELECT 1 FROM "InstanceSetting" p WHERE p.key = 'instance.pause')`;

const toManagersSql = `
  WITH able AS (${managerSql}
     AND s."reportedToManagerAt" IS NULL AND s."reportedToBoardAt" IS NULL AND s.reason <> 'company_paused')
  UPDATE "IssueStall" s SET "reportedToManagerAt" = $2::timestamptz,
         facts = s.facts || jsonb_build_object('managerAgentId', able."managerId")
    FROM able, "Issue" i
   WHERE s."issueId" = able."issueId" AND i.id = s."issueId"
  RETURNING able."managerId"::text AS "managerId", i.id::text AS "issueId", i.identifier, i.title, s.reason::text AS reason,
            s.since, s.facts`;

const toBoardSql = `
  UPDATE "IssueStall" s SET "reportedToBoardAt" = $2::timestamptz
   WHERE s."companyId" = $1::uuid AND s."reportedToBoardAt" IS NULL AND s.reason <> 'company_paused'
     AND (s."reportedToManagerAt" < $2::timestamptz - make_interval(secs => $3::int)
          OR (s."reportedToManagerAt" IS NULL AND NOT EXISTS (SELECT 1 FROM (${managerSql}) able WHERE able."issueId" = s."issueId")))
  RETURNING s."issueId"::text AS "issueId"`;

type Reported = { managerId: string; issueId: string; identifier: string; title: string; reason: string; since: Date; facts: Record<string, unknown> };

/** Reports the company's unreported stalls in the caller's transaction; run after the diff. */
export async function reportStalls(exec: SqlExec, companyId: string, now: Date): Promise<ReportOutcome> {
  // the board first: a stall reported to a manager in this sweep is not due for the board yet
  const toBoard = (await exec(toBoardSql, [companyId, now, BOARD_AFTER_SEC])).map((r) => String(r.issueId));
  const rows = (await exec(toManagersSql, [companyId, now])) as unknown as Reported[];
  const byManager = new Map<string, Reported[]>();
  for (const r of rows) {
    const list = byManager.get(r.managerId);
    if (list) list.push(r);
    else byManager.set(r.managerId, [r]);
  }
  // in id order, as every taker of several agents' wake locks does
  for (const [managerId, issues] of [...byManager].sort(([a], [b]) => a.localeCompare(b))) {
    await requestWake(exec, {
      companyId, agentId: managerId, reason: "stalled_report", source: `${issues.length} stalled issue${issues.length === 1 ? "" : "s"} of its reports`,
      payload: {
        wakeReason: "stalled_report",
        total: issues.length,
        issues: issues.slice(0, REPORT_LIST_MAX).map((r) => ({ issueId: r.issueId, identifier: r.identifier, title: r.title, reason: r.reason, since: r.since.toISOString(), facts: r.facts as Record<string, string> })),
      },
    });
  }
  return { toManagers: rows.map((r) => r.issueId), toBoard };
}
