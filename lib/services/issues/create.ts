// Creating an issue: the identifier comes from a per-company counter incremented inside the same
// transaction, so numbers are unique, never reused and gap-free under concurrent creation. The
// counter row is locked until commit, so the whole insert is one SQL statement to keep that short.
import type { Issue, IssueStatus, Prisma } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/auth/actor";
import { sqlTx } from "@/lib/db/client";
import type { SqlExec } from "@/lib/db/sql-exec";
import { AppError, validationError } from "@/lib/http/errors";
import { issueDto } from "@/lib/dto/issues";
import { uuidv7 } from "@/lib/ids";
import type { CreateIssueInput } from "@/lib/schemas/issues";
import type { ServiceContext } from "@/lib/services/context";
import { actorRef, insertActivitySql, insertRunIssueSql } from "@/lib/services/activity";
import { companyIdOrThrow } from "@/lib/services/company-scope";
import { insertEventSql } from "@/lib/services/outbox/emit";
import { requestWake, type WakeInput } from "@/lib/services/wakeups";
import { initialStatuses } from "@/lib/services/issues/status";
import { assertIssueRefs, assertStrategyGate } from "@/lib/services/issues/refs";
import { issueColumns } from "@/lib/services/issues/queries";

export function initialStatus(input: CreateIssueInput): IssueStatus {
  const status = input.status ?? (input.assigneeAgentId || input.assigneeUserId ? "todo" : "backlog");
  if (!initialStatuses.includes(status)) {
    throw new AppError("invalid_transition", `A new issue cannot start as ${status}; use one of ${initialStatuses.join(", ")}`);
  }
  if (status === "in_progress" && !input.assigneeAgentId && !input.assigneeUserId) {
    throw new AppError("invalid_transition", "in_progress requires an assignee");
  }
  return status;
}

const insertIssueSql = `
  WITH c AS (
    UPDATE "Company" SET "issueCounter" = "issueCounter" + 1 WHERE id = $1::uuid RETURNING "issueCounter" AS n, "issuePrefix" AS prefix
  ), i AS (
    INSERT INTO "Issue" (id, "companyId", number, identifier, title, description, status, priority, "parentId", "projectId", "goalId",
                         "assigneeAgentId", "assigneeUserId", "createdByAgentId", "createdByUserId", "startedAt", "updatedAt",
                         "workspaceInherited", "executionWorkspaceId")
    SELECT $2::uuid, $1::uuid, c.n, c.prefix || '-' || c.n, $3, $4, $5::"IssueStatus", $6::"IssuePriority", $7::uuid, $8::uuid, $9::uuid,
           $10::uuid, $11::uuid, $12::uuid, $13::uuid, CASE WHEN $5 = 'in_progress' THEN now() END, now(),
           $19::boolean, CASE WHEN $19::boolean THEN (SELECT p."executionWorkspaceId" FROM "Issue" p WHERE p."companyId" = $1::uuid AND p.id = $7::uuid) END
      FROM c
    RETURNING ${issueColumns("\"Issue\"")}
  ), l AS (
    INSERT INTO "IssueLabel" ("companyId", "issueId", "labelId") SELECT $1::uuid, i.id, unnest($14::uuid[]) FROM i
  ), a AS (
    ${insertActivitySql({
      id: "$15", companyId: "$1", actorType: "$16", actorId: "$17", action: "'issue.created'", entityType: "'issue'", entityId: "i.id",
      details: `jsonb_build_object('identifier', i.identifier, 'title', i.title, 'status', i.status, 'assigneeAgentId', i."assigneeAgentId")`,
    }, "i")}
  ), e AS (
    ${insertEventSql({
      id: "$20", companyId: "$1", type: "'issue.created'", subjectType: "'issue'", subjectId: "i.id", actorType: "$16", actorId: "$17",
      data: `jsonb_build_object('issueId', i.id, 'identifier', i.identifier, 'title', i.title, 'status', i.status, 'priority', i.priority,
               'assigneeAgentId', i."assigneeAgentId", 'parentId', i."parentId")`,
    }, "i")}
  ), r AS (
    ${insertRunIssueSql({ companyId: "$1", runId: "$18", issueId: "i.id" }, "i")}
  )
  SELECT i.*, $14::text[] AS "labelIds" FROM i`;

/** The wake a new issue's assignee gets: an assignment (routine fires bring their own reason and payload). */
export interface NewIssueWake {
  reason: WakeInput["reason"];
  payload: Prisma.InputJsonObject;
}

/**
 * Inserts an issue in the caller's transaction: identifier, labels, the issue.created activity row
 * and, when `wake` is given, the assignee's wake. The one write path of new issues.
 */
export async function insertIssue(exec: SqlExec, companyId: string, input: CreateIssueInput, status: IssueStatus, actor: Actor | null, wake: NewIssueWake | null) {
  const { actorType, actorId } = actorRef(actor);
  const labelIds = [...new Set(input.labelIds ?? [])];
  const [issue] = (await exec(insertIssueSql, [
    companyId, uuidv7(), input.title, input.description ?? "", status, input.priority,
    input.parentId ?? null, input.projectId ?? null, input.goalId ?? null, input.assigneeAgentId ?? null, input.assigneeUserId ?? null,
    actor?.kind === "agent" ? actor.agentId : null, actor?.kind === "board" ? actor.userId : null,
    labelIds, uuidv7(), actorType, actorId, actor?.kind === "agent" ? actor.runId : null, input.workspace === "inherit", uuidv7(),
  ])) as unknown as (Issue & { labelIds: string[] })[];
  // a new issue blocks nothing yet, so its blockers cannot close a cycle
  const blockedByIssueIds = [...new Set(input.blockedByIssueIds ?? [])];
  if (blockedByIssueIds.length) {
    await exec(`INSERT INTO "IssueBlocker" ("issueId", "blockerIssueId", "companyId") SELECT $1::uuid, unnest($2::uuid[]), $3::uuid`, [issue.id, blockedByIssueIds, companyId]);
  }
  if (issue.assigneeAgentId && wake) {
    await requestWake(exec, {
      companyId, agentId: issue.assigneeAgentId, reason: wake.reason, source: `assigned ${issue.identifier}`,
      issueId: issue.id, payload: { taskId: issue.id, wakeReason: wake.reason, ...wake.payload },
    });
  }
  return { ...issue, blockedByIssueIds };
}

/** `workspace: "inherit"` is an agent's, from inside a run, for a sub-issue (the board gives issues their own). */
function assertInherit(actor: Actor, input: CreateIssueInput) {
  if (input.workspace !== "inherit") return;
  if (actor.kind !== "agent" || !actor.runId) throw validationError("workspace", "\"inherit\" is only for an agent creating a sub-issue inside a run (with its run key)");
  if (!input.parentId) throw validationError("workspace", "\"inherit\" needs a parentId: the parent's workspace is the one shared");
}

export async function createIssue(ctx: ServiceContext, companyRef: string, input: CreateIssueInput) {
  const companyId = await companyIdOrThrow(ctx, companyRef, "work.write");
  assertInherit(ctx.actor, input);
  const status = initialStatus(input);
  await assertIssueRefs(ctx.db, companyId, input);
  const actor = ctx.actor;
  if (status === "in_progress" && actor.kind === "agent") await assertStrategyGate(ctx.db, companyId, { id: actor.agentId, role: actor.role });
  const selfAssigned = actor.kind === "agent" && actor.agentId === input.assigneeAgentId;
  const row = await sqlTx((exec) => insertIssue(exec, companyId, input, status, actor, selfAssigned ? null : { reason: "assignment", payload: {} }));
  return issueDto(row);
}
