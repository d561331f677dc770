// Creating an issue: the identifier comes from a per-company counter incremented inside the same
// transaction, so numbers are unique, never reused and gap-free under concurrent creation.
import type { IssueStatus } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/http/errors";
import type { CreateIssueInput } from "@/lib/schemas/issues";
import { inTx, type ServiceContext } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { getCompanyOrThrow } from "@/lib/services/companies";
import { requestWake } from "@/lib/services/wakeups";
import { initialStatuses } from "@/lib/services/issues/status";
import { assertIssueRefs, assertStrategyGate } from "@/lib/services/issues/refs";
import { issueWithLabels } from "@/lib/services/issues/queries";

function initialStatus(input: CreateIssueInput): IssueStatus {
  const status = input.status ?? (input.assigneeAgentId || input.assigneeUserId ? "todo" : "backlog");
  if (!initialStatuses.includes(status)) {
    throw new AppError("invalid_transition", `A new issue cannot start as ${status}; use one of ${initialStatuses.join(", ")}`);
  }
  if (status === "in_progress" && !input.assigneeAgentId && !input.assigneeUserId) {
    throw new AppError("invalid_transition", "in_progress requires an assignee");
  }
  return status;
}

export async function createIssue(ctx: ServiceContext, companyRef: string, input: CreateIssueInput) {
  const company = await getCompanyOrThrow(ctx, companyRef, "work.write");
  const status = initialStatus(input);
  await assertIssueRefs(ctx.db, company.id, input);
  const actor = ctx.actor;
  if (status === "in_progress" && actor.kind === "agent") await assertStrategyGate(ctx.db, company.id, { id: actor.agentId, role: actor.role });
  const issue = await inTx(ctx, async (tx) => {
    const { issueCounter, issuePrefix } = await tx.company.update({
      where: { id: company.id }, data: { issueCounter: { increment: 1 } }, select: { issueCounter: true, issuePrefix: true },
    });
    const now = new Date();
    const row = await tx.issue.create({
      data: {
        companyId: company.id, number: issueCounter, identifier: `${issuePrefix}-${issueCounter}`,
        title: input.title, description: input.description ?? "", status, priority: input.priority,
        parentId: input.parentId ?? null, projectId: input.projectId ?? null, goalId: input.goalId ?? null,
        assigneeAgentId: input.assigneeAgentId ?? null, assigneeUserId: input.assigneeUserId ?? null,
        createdByAgentId: actor.kind === "agent" ? actor.agentId : null,
        createdByUserId: actor.kind === "board" ? actor.userId : null,
        startedAt: status === "in_progress" ? now : null,
      },
    });
    if (input.labelIds?.length) {
      await tx.issueLabel.createMany({ data: [...new Set(input.labelIds)].map((labelId) => ({ companyId: company.id, issueId: row.id, labelId })) });
    }
    await recordActivity(tx, actor, {
      companyId: company.id, action: "issue.created", entityType: "issue", entityId: row.id,
      details: { identifier: row.identifier, title: row.title, status, assigneeAgentId: row.assigneeAgentId },
    });
    if (row.assigneeAgentId && !(actor.kind === "agent" && actor.agentId === row.assigneeAgentId)) {
      await requestWake(tx, {
        companyId: company.id, agentId: row.assigneeAgentId, reason: "assignment", source: `assigned ${row.identifier}`,
        issueId: row.id, payload: { taskId: row.id, wakeReason: "assignment" },
      });
    }
    return row;
  });
  return issueWithLabels(ctx.db, issue);
}
