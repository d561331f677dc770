// Checkout (docs/design.md §6): one atomic conditional UPDATE, with its activity row in the same statement.
// PostgreSQL re-checks the WHERE clause after waiting for the row lock, so of any number of racing
// agents exactly one wins; the rest get 409 and move on (convention 2). Release clears every lock.
import type { IssueStatus } from "@/lib/generated/prisma/client";
import { sql } from "@/lib/db/client";
import { authorize, visibleCompanyIds } from "@/lib/auth/permissions";
import { AppError, forbidden, invalidReference, notFound, strategyNotApproved } from "@/lib/http/errors";
import { issueDto } from "@/lib/dto/issues";
import { isUuid } from "@/lib/schemas/common";
import { uuidv7 } from "@/lib/ids";
import { inTx, type ServiceContext } from "@/lib/services/context";
import { actorRef, insertActivitySql, insertRunIssueSql, recordActivity } from "@/lib/services/activity";
import { checkoutSources } from "@/lib/services/issues/status";
import { getIssueOrThrow, issueColumns, issueWithLabels } from "@/lib/services/issues/queries";
import { resetsLiveness } from "@/lib/services/issues/update";
import { liftStaleBudgetPause } from "@/lib/services/budgets";
import { insertEventSql } from "@/lib/services/outbox/emit";
import { emitIssueChanges } from "@/lib/services/outbox/issue-events";
import { prismaExec } from "@/lib/services/wakeups";

interface Target {
  id: string;
  companyId: string;
  status: IssueStatus;
  assigneeAgentId: string | null;
  agentId: string | null;
  agentStatus: string | null;
  agentPauseReason: string | null;
  agentRole: string | null;
  strategyApproved: boolean;
}

async function loadTarget(ctx: ServiceContext, ref: string, agentId: string): Promise<Target> {
  const visible = visibleCompanyIds(ctx.actor);
  const byId = isUuid(ref);
  const { rows } = await sql().query<Target>({
    name: byId ? "checkout-target-by-id" : "checkout-target-by-identifier",
    text: `SELECT i.id, i."companyId", i.status::text AS status, i."assigneeAgentId",
            a.id AS "agentId", a.status::text AS "agentStatus", a."pauseReason"::text AS "agentPauseReason", a.role::text AS "agentRole",
            EXISTS (SELECT 1 FROM "Approval" p WHERE p."companyId" = i."companyId" AND p."requestedByAgentId" = a.id
                     AND p.type = 'approve_ceo_strategy' AND p.status = 'approved') AS "strategyApproved"
       FROM "Issue" i LEFT JOIN "Agent" a ON a.id = $2::uuid AND a."companyId" = i."companyId"
      WHERE ${byId ? `i.id = $1::uuid` : `i.identifier = upper($1)`}
        AND ($3::uuid[] IS NULL OR i."companyId" = ANY($3::uuid[]))
      LIMIT 2`,
    values: [ref, agentId, visible],
  });
  if (rows.length !== 1) throw notFound("Issue");
  return rows[0];
}

function assertAgentMayWork(t: Target) {
  if (!t.agentId || t.agentStatus === "terminated" || t.agentStatus === "pending_approval") {
    throw invalidReference("body.agentId", "Working agent");
  }
  if (t.agentStatus === "paused") throw forbidden("The agent is paused and cannot take work");
  if (t.agentRole === "ceo" && !t.strategyApproved) {
    throw strategyNotApproved();
  }
}

const checkoutActivity = insertActivitySql({
  id: "$6", companyId: '"companyId"', actorType: "$7", actorId: "$8", action: "'issue.checked_out'", entityType: "'issue'", entityId: "id",
  details: "jsonb_build_object('agentId', $2::text, 'identifier', identifier, 'from', $9::text)",
}, "upd");
// the events of a checkout: the row as it was (a CTE's snapshot is the statement's, before the UPDATE)
const issueRefJson = "'issueId', upd.id, 'identifier', upd.identifier, 'title', upd.title";
const checkoutEvents = [
  insertEventSql({
    id: "$10", companyId: 'upd."companyId"', type: "'issue.status_changed'", subjectType: "'issue'", subjectId: "upd.id", actorType: "$7", actorId: "$8",
    data: `jsonb_build_object(${issueRefJson}, 'from', prev.status, 'to', upd.status)`,
  }, "upd JOIN prev ON prev.id = upd.id WHERE prev.status <> upd.status::text"),
  insertEventSql({
    id: "$11", companyId: 'upd."companyId"', type: "'issue.assigned'", subjectType: "'issue'", subjectId: "upd.id", actorType: "$7", actorId: "$8",
    data: `jsonb_build_object(${issueRefJson}, 'assigneeAgentId', upd."assigneeAgentId", 'assigneeUserId', NULL,
             'previousAssigneeAgentId', prev."assigneeAgentId", 'previousAssigneeUserId', prev."assigneeUserId")`,
  }, `upd JOIN prev ON prev.id = upd.id WHERE prev."assigneeAgentId" IS DISTINCT FROM upd."assigneeAgentId" OR prev."assigneeUserId" IS NOT NULL`),
];
const checkoutLink = insertRunIssueSql({ companyId: '"companyId"', runId: "$3", issueId: "id" }, "upd");
const returning = `RETURNING ${issueColumns("i")}, ARRAY(SELECT l."labelId"::text FROM "IssueLabel" l WHERE l."companyId" = i."companyId" AND l."issueId" = i.id) AS "labelIds"`;

export async function checkoutIssue(ctx: ServiceContext, ref: string, input: { agentId: string; expectedStatuses: IssueStatus[] }) {
  const actor = ctx.actor;
  // the issue first: another company's issue is 404 whatever the body says (docs/design.md §4)
  const t = await loadTarget(ctx, ref, input.agentId);
  authorize(actor, "work.write", t.companyId);
  if (actor.kind === "agent" && actor.agentId !== input.agentId) throw forbidden("An agent may only check out as itself");
  // a budget pause may have outlived its month or a raised budget: settle it before refusing
  if (t.agentStatus === "paused" && t.agentPauseReason === "budget" && (await liftStaleBudgetPause(t.companyId)).includes(input.agentId)) {
    t.agentStatus = "idle";
  }
  assertAgentMayWork(t);
  // Most racers lose: answer them from the row just read, without touching it. The UPDATE below
  // re-checks everything under the row lock, so a stale read can only turn a win into a 409.
  if (!(t.status === "in_progress" && t.assigneeAgentId === input.agentId)) {
    const early = checkoutRefusal(t, input);
    if (early) throw early;
  }
  const { actorType, actorId } = actorRef(actor);
  const { rows } = await sql().query({
    name: "checkout-update",
    text: `WITH prev AS (
       SELECT id, status::text AS status, "assigneeAgentId", "assigneeUserId" FROM "Issue" WHERE id = $1::uuid
     ), upd AS (
       UPDATE "Issue" i SET status = 'in_progress', "assigneeAgentId" = $2::uuid, "assigneeUserId" = NULL, "startedAt" = coalesce(i."startedAt", now()),
              "checkoutRunId" = $3::uuid, "lockedAt" = now(), "updatedAt" = now()
        WHERE i.id = $1::uuid AND i.status::text = ANY($4::text[]) AND i.status::text = ANY($5::text[])
          AND (i."assigneeAgentId" IS NULL OR i."assigneeAgentId" = $2::uuid)
       ${returning}
     ), act AS (
       ${checkoutActivity}
     ), lnk AS (
       ${checkoutLink}
     ), ev1 AS (
       ${checkoutEvents[0]}
     ), ev2 AS (
       ${checkoutEvents[1]}
     )
     SELECT * FROM upd`,
    values: [t.id, input.agentId, actor.kind === "agent" ? actor.runId : null, input.expectedStatuses, checkoutSources, uuidv7(), actorType, actorId, t.status, uuidv7(), uuidv7()],
  });
  if (rows[0]) return issueDto(rows[0]);
  return explainFailedCheckout(ctx, t.id, input);
}

/** Why a checkout cannot apply to an issue in this state, or null if it can. */
function checkoutRefusal(now: { status: IssueStatus; assigneeAgentId: string | null }, input: { agentId: string; expectedStatuses: IssueStatus[] }) {
  if (now.assigneeAgentId && now.assigneeAgentId !== input.agentId) {
    return new AppError("conflict", "Another agent owns this issue; pick a different task", { status: now.status, assigneeAgentId: now.assigneeAgentId });
  }
  if (!input.expectedStatuses.includes(now.status)) {
    return new AppError("conflict", `The issue is ${now.status}, not one of the expected statuses`, { status: now.status });
  }
  if (!checkoutSources.includes(now.status)) {
    return new AppError("invalid_transition", `An issue cannot move from ${now.status} to in_progress`, { from: now.status, to: "in_progress" });
  }
  return null;
}

/** The update did not apply: say why, reading the row as it is now. */
async function explainFailedCheckout(ctx: ServiceContext, issueId: string, input: { agentId: string; expectedStatuses: IssueStatus[] }) {
  const now = await ctx.db.issue.findUniqueOrThrow({ where: { id: issueId } });
  if (now.status === "in_progress" && now.assigneeAgentId === input.agentId) return issueWithLabels(ctx.db, now);
  throw checkoutRefusal(now, input) ?? new AppError("conflict", "The issue changed meanwhile; pick a different task");
}

export async function releaseIssue(ctx: ServiceContext, ref: string) {
  const issue = await getIssueOrThrow(ctx, ref, "work.write");
  const actor = ctx.actor;
  const row = await inTx(ctx, async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Issue" WHERE id = ${issue.id}::uuid FOR UPDATE`;
    const current = await tx.issue.findUniqueOrThrow({ where: { id: issue.id } });
    if (actor.kind === "agent" && current.assigneeAgentId !== actor.agentId) {
      throw forbidden("Only the assignee or the board may release an issue");
    }
    const now = new Date();
    const reset = resetsLiveness(actor, true);
    const after = await tx.issue.update({
      where: { id: current.id },
      data: {
        assigneeAgentId: null, checkoutRunId: null, lockedAt: null, updatedAt: now,
        ...(current.status === "in_progress" ? { status: "todo" } : {}),
        ...(reset ? { livenessResetAt: now } : {}),
      },
    });
    // a board user's release is the remedy of a stale checkout: the stall goes with it, as on a PATCH
    if (reset) await tx.issueStall.deleteMany({ where: { issueId: current.id, companyId: current.companyId } });
    await recordActivity(tx, actor, {
      companyId: current.companyId, action: "issue.released", entityType: "issue", entityId: current.id,
      details: { from: current.status, to: after.status, previousAssigneeAgentId: current.assigneeAgentId },
    });
    await emitIssueChanges(prismaExec(tx), actor, current, after);
    return after;
  });
  return issueWithLabels(ctx.db, row);
}
