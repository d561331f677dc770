// One fire of a routine, in the caller's transaction: the run row is inserted first as the claim
// (unique per trigger and window, and per trigger and delivery id), then the outcome is decided
// under the routine's row lock and the issue, comment, wake and activity rows are written with it.
// So a window or a delivery fires once, and two fires of one routine never both see "no open issue".
import type { Prisma, RoutineRun } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/auth/actor";
import type { SqlExec } from "@/lib/db/sql-exec";
import { uuidv7 } from "@/lib/ids";
import { localDateTime } from "@/lib/routine-schedule";
import { insertActivitySql, recordActivitySql, systemActorSql } from "@/lib/services/activity";
import { insertEventSql } from "@/lib/services/outbox/emit";
import { insertIssue } from "@/lib/services/issues/create";
import { pausedSql } from "@/lib/services/pause/sql";

export type FireSource = "schedule" | "webhook" | "api";
type SkipReason = "paused" | "assignee_paused" | "active_issue" | "missed_window";

export interface FireRequest {
  companyId: string;
  routineId: string;
  source: FireSource;
  triggerId: string | null;
  /** the schedule window (null for webhook and api fires) */
  scheduledFor: Date | null;
  deliveryId: string | null;
  payload: Prisma.InputJsonValue;
  /** the zone of {{date}} and {{time}} */
  timezone: string;
  /** a missed window under skip_missed: recorded, never fired */
  missed?: boolean;
  actor: Actor | null;
  now: Date;
}

export type FireResult = { run: RoutineRun; duplicate: boolean } | null;

interface LockedRoutine {
  id: string;
  name: string;
  description: string;
  status: string;
  assigneeAgentId: string;
  assigneeStatus: string | null;
  projectId: string | null;
  goalId: string | null;
  parentIssueId: string | null;
  titleTemplate: string;
  priority: "critical" | "high" | "medium" | "low";
  concurrencyPolicy: "skip_if_active" | "coalesce_if_active" | "always_create";
  companyPaused: boolean;
}

const runColumns = `id, "companyId", "routineId", "triggerId", source::text AS source, "scheduledFor", "deliveryId", status::text AS status,
  reason::text AS reason, "issueId", payload, "createdAt", "updatedAt"`;

// clock_timestamp, not the transaction's now(): several windows fired in one transaction keep their order
const claimSql = `INSERT INTO "RoutineRun" (id, "companyId", "routineId", "triggerId", source, "scheduledFor", "deliveryId", status, payload, "createdAt", "updatedAt")
  VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid, $5::"RoutineTriggerKind", $6::timestamptz, $7, 'skipped', $8::jsonb, clock_timestamp(), clock_timestamp())
  ON CONFLICT DO NOTHING RETURNING id`;

const existingSql = `SELECT ${runColumns} FROM "RoutineRun"
  WHERE "companyId" = $1::uuid AND "triggerId" = $2::uuid AND ("scheduledFor" = $3::timestamptz OR "deliveryId" = $4)
  ORDER BY "createdAt" LIMIT 1`;

// companyPaused: a company (or instance) pause skips the fire as a paused routine's would
const lockSql = `SELECT r.id, r.name, r.description, r.status::text AS status, r."assigneeAgentId", a.status::text AS "assigneeStatus",
       r."projectId", r."goalId", r."parentIssueId", r."titleTemplate", r.priority::text AS priority, r."concurrencyPolicy"::text AS "concurrencyPolicy",
       ${pausedSql("c")} AS "companyPaused"
  FROM "Routine" r LEFT JOIN "Agent" a ON a."companyId" = r."companyId" AND a.id = r."assigneeAgentId"
  JOIN "Company" c ON c.id = r."companyId"
 WHERE r."companyId" = $1::uuid AND r.id = $2::uuid
   FOR UPDATE OF r`;

// this routine's own execution issue that is still open (never the assignee's other work)
const openIssueSql = `SELECT i.id, i.identifier FROM "RoutineRun" rr
  JOIN "Issue" i ON i."companyId" = rr."companyId" AND i.id = rr."issueId"
 WHERE rr."companyId" = $1::uuid AND rr."routineId" = $2::uuid AND rr.status = 'issue_created' AND i.status NOT IN ('done', 'cancelled')
 ORDER BY rr."createdAt" DESC LIMIT 1`;

const settleSql = `UPDATE "RoutineRun" SET status = $3::"RoutineRunStatus", reason = $4::"RoutineSkipReason", "issueId" = $5::uuid
  WHERE "companyId" = $1::uuid AND id = $2::uuid RETURNING ${runColumns}`;

const commentSql = `WITH c AS (
    INSERT INTO "IssueComment" (id, "companyId", "issueId", body, "updatedAt") VALUES ($1::uuid, $2::uuid, $3::uuid, $4, now()) RETURNING id
  ), u AS (
    UPDATE "Issue" SET "updatedAt" = now() WHERE "companyId" = $2::uuid AND id = $3::uuid RETURNING id, identifier, title
  ), e AS (
    ${insertEventSql({
      id: "$6", companyId: "$2", type: "'comment.created'", subjectType: "'issue'", subjectId: "$3", ...systemActorSql,
      data: `jsonb_build_object('issueId', u.id, 'identifier', u.identifier, 'title', u.title, 'commentId', c.id,
               'authorAgentId', NULL, 'authorUserId', NULL, 'excerpt', left($4, 500))`,
    }, "c, u")}
  )
  ${insertActivitySql({ id: "$5", companyId: "$2", ...systemActorSql, action: "'issue.commented'", entityType: "'issue'", entityId: "$3", details: "jsonb_build_object('commentId', c.id)" }, "c")}`;

// a schedule window of a routine already skipped for the same pause is not recorded again: a paused
// per-minute routine would otherwise write a row (and an inbox item) every minute of the pause
const latestRunSql = `SELECT status::text AS status, reason::text AS reason FROM "RoutineRun"
 WHERE "companyId" = $1::uuid AND "routineId" = $2::uuid AND id <> $3::uuid
 ORDER BY "createdAt" DESC, id DESC LIMIT 1`;

const dropClaimSql = `DELETE FROM "RoutineRun" WHERE "companyId" = $1::uuid AND id = $2::uuid`;

const stretchReasons = new Set<SkipReason | null>(["paused", "assignee_paused"]);

async function continuesPause(exec: SqlExec, req: FireRequest, runId: string, outcome: { status: string; reason: SkipReason | null }) {
  if (req.source !== "schedule" || outcome.status !== "skipped" || !stretchReasons.has(outcome.reason)) return false;
  const [latest] = (await exec(latestRunSql, [req.companyId, req.routineId, runId])) as unknown as { status: string; reason: string | null }[];
  return latest?.status === "skipped" && latest.reason === outcome.reason;
}

const pausedAgent = new Set(["paused", "terminated", "pending_approval"]);

/** The title of an execution issue: {{routine}}, {{date}}, {{time}}, {{payload.x}} (top-level strings). */
export function renderTitle(template: string, routineName: string, at: Date, timezone: string, payload: unknown): string {
  const { date, time } = localDateTime(at, timezone);
  const fields = payload && typeof payload === "object" && !Array.isArray(payload) ? (payload as Record<string, unknown>) : {};
  const title = template.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, key: string) => {
    if (key === "routine") return routineName;
    if (key === "date") return date;
    if (key === "time") return time;
    if (key.startsWith("payload.")) {
      const v = Object.hasOwn(fields, key.slice(8)) ? fields[key.slice(8)] : undefined;
      return typeof v === "string" ? v : "";
    }
    return whole;
  }).replace(/\s+/g, " ").trim();
  return (title || routineName).slice(0, 500);
}

function decide(r: LockedRoutine, req: FireRequest, open: { id: string } | undefined): { status: "skipped" | "coalesced" | "issue_created"; reason: SkipReason | null } {
  if (req.missed) return { status: "skipped", reason: "missed_window" };
  if (r.status === "paused" || r.companyPaused) return { status: "skipped", reason: "paused" };
  if (!r.assigneeStatus || pausedAgent.has(r.assigneeStatus)) return { status: "skipped", reason: "assignee_paused" };
  if (open && r.concurrencyPolicy === "skip_if_active") return { status: "skipped", reason: "active_issue" };
  if (open && r.concurrencyPolicy === "coalesce_if_active") return { status: "coalesced", reason: null };
  return { status: "issue_created", reason: null };
}

async function createExecutionIssue(exec: SqlExec, r: LockedRoutine, req: FireRequest, runId: string) {
  const at = req.scheduledFor ?? req.now;
  const input = {
    title: renderTitle(r.titleTemplate, r.name, at, req.timezone, req.payload),
    description: r.description, priority: r.priority, assigneeAgentId: r.assigneeAgentId,
    parentId: r.parentIssueId, projectId: r.projectId, goalId: r.goalId,
  };
  const payload = {
    routineId: r.id, routineRunId: runId, routineName: r.name, routineDescription: r.description, routineSource: req.source,
    scheduledFor: at.toISOString(),
  };
  return insertIssue(exec, req.companyId, input, "todo", req.actor, { reason: "routine", payload });
}

/**
 * Fires a routine once; null when the routine no longer exists or the window falls in a pause that
 * is already recorded. A repeated window or delivery returns the first run.
 */
export async function fireRoutine(exec: SqlExec, req: FireRequest): Promise<FireResult> {
  const runId = uuidv7();
  const claimed = await exec(claimSql, [
    runId, req.companyId, req.routineId, req.triggerId, req.source, req.scheduledFor, req.deliveryId, JSON.stringify(req.payload),
  ]);
  if (claimed.length === 0) {
    const [first] = await exec(existingSql, [req.companyId, req.triggerId, req.scheduledFor, req.deliveryId]);
    return first ? { run: first as unknown as RoutineRun, duplicate: true } : null;
  }
  const [routine] = (await exec(lockSql, [req.companyId, req.routineId])) as unknown as LockedRoutine[];
  if (!routine) throw new RoutineGone();
  const [open] = (await exec(openIssueSql, [req.companyId, routine.id])) as unknown as { id: string; identifier: string }[];
  const outcome = decide(routine, req, open);
  if (await continuesPause(exec, req, runId, outcome)) {
    await exec(dropClaimSql, [req.companyId, runId]);
    return null;
  }
  let issueId: string | null = null;
  if (outcome.status === "issue_created") issueId = (await createExecutionIssue(exec, routine, req, runId)).id;
  if (outcome.status === "coalesced" && open) {
    issueId = open.id;
    const when = (req.scheduledFor ?? req.now).toISOString();
    const body = `Routine **${routine.name}** fired again (${req.source}, ${when}) while this issue was still open; the fire is recorded here instead of a new issue.`;
    await exec(commentSql, [uuidv7(), req.companyId, open.id, body, uuidv7(), uuidv7()]);
  }
  const [run] = (await exec(settleSql, [req.companyId, runId, outcome.status, outcome.reason, issueId])) as unknown as RoutineRun[];
  // the pause itself is the activity (routine.paused); its skipped windows are runs, not news
  if (outcome.reason !== "paused") await recordActivitySql(exec, req.actor, {
    companyId: req.companyId, action: "routine.fired", entityType: "routine", entityId: routine.id,
    details: { runId, source: req.source, triggerId: req.triggerId, status: outcome.status, reason: outcome.reason, issueId, scheduledFor: req.scheduledFor?.toISOString() ?? null },
  });
  return { run, duplicate: false };
}

/** The routine was deleted between the claim and the fire: the transaction is rolled back. */
export class RoutineGone extends Error {}
