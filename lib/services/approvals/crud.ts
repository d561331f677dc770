// Approvals: requests for a board decision (docs/design.md §6). Reading, creating a CEO's strategy
// approval, comments, and links to issues both ways. Decisions live in ./decide.ts, hires in
// ../hires.ts.
import type { Approval, Prisma } from "@/lib/generated/prisma/client";
import { authorize, companyScope, type Permission } from "@/lib/auth/permissions";
import { AppError, forbidden, invalidReference, notFound } from "@/lib/http/errors";
import { keysetPage, type ListQuery } from "@/lib/http/pagination";
import { approvalCommentDto, approvalDto } from "@/lib/dto/approvals";
import { issueDto } from "@/lib/dto/issues";
import type { Db } from "@/lib/db/client";
import type { CreateApprovalInput } from "@/lib/schemas/approvals";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { emitApprovalCreated } from "@/lib/services/outbox/approval-events";
import { recordActivity } from "@/lib/services/activity";
import { getCompanyOrThrow } from "@/lib/services/company-scope";
import { getIssueOrThrow, labelIdsOf } from "@/lib/services/issues/queries";

/** The approval, among the caller's companies or only in `inCompany` when given. */
export async function getApprovalOrThrow(ctx: ServiceContext, id: string, permission: Permission, db: Db | Tx = ctx.db, inCompany?: string): Promise<Approval> {
  const row = await db.approval.findFirst({ where: { id, ...companyScope(ctx.actor, inCompany) } });
  if (!row) throw notFound("Approval");
  authorize(ctx.actor, permission, row.companyId);
  return row;
}

export async function linkedIssueIds(db: Db | Tx, companyId: string, approvalIds: string[]): Promise<Map<string, string[]>> {
  const rows = await db.issueApproval.findMany({
    where: { companyId, approvalId: { in: approvalIds } }, select: { approvalId: true, issueId: true }, orderBy: { createdAt: "asc" },
  });
  const map = new Map<string, string[]>();
  for (const r of rows) map.set(r.approvalId, [...(map.get(r.approvalId) ?? []), r.issueId]);
  return map;
}

export async function approvalWithLinks(db: Db | Tx, row: Approval) {
  return approvalDto(row, (await linkedIssueIds(db, row.companyId, [row.id])).get(row.id) ?? []);
}

/** Links issues (all of the company, else 422) to an approval; linking twice is a no-op. */
async function linkIssues(tx: Tx, companyId: string, approvalId: string, issueIds: string[], path = "body.issueIds") {
  const unique = [...new Set(issueIds)];
  if (unique.length === 0) return;
  const found = await tx.issue.count({ where: { companyId, id: { in: unique } } });
  if (found !== unique.length) throw invalidReference(path, "Issue");
  await tx.issueApproval.createMany({ data: unique.map((issueId) => ({ companyId, issueId, approvalId })), skipDuplicates: true });
}

const order = [["createdAt", "desc", "date"], ["id", "desc", "uuid"]] as const;

export async function listApprovals(ctx: ServiceContext, companyRef: string, query: ListQuery & { status?: Approval["status"]; type?: Approval["type"]; requestedByAgentId?: string }) {
  const company = await getCompanyOrThrow(ctx, companyRef, "approval.read");
  const page = await keysetPage(query, order, ({ after, ...page }) => ctx.db.approval.findMany({
    where: {
      companyId: company.id,
      ...(query.status ? { status: query.status } : {}),
      ...(query.type ? { type: query.type } : {}),
      ...(query.requestedByAgentId ? { requestedByAgentId: query.requestedByAgentId } : {}),
      ...after,
    },
    ...page,
  }));
  const links = await linkedIssueIds(ctx.db, company.id, page.items.map((r) => r.id));
  return { items: page.items.map((r) => approvalDto(r, links.get(r.id) ?? [])), nextCursor: page.nextCursor };
}

export async function getApproval(ctx: ServiceContext, id: string, inCompany?: string) {
  return approvalWithLinks(ctx.db, await getApprovalOrThrow(ctx, id, "approval.read", ctx.db, inCompany));
}

/**
 * POST /api/companies/:companyId/approvals. The spec shows one kind made here: the CEO asking for
 * its strategy (payload.plan), by itself. Hire approvals are made by agent-hires with their agent.
 */
export async function createApproval(ctx: ServiceContext, companyRef: string, input: CreateApprovalInput) {
  const company = await getCompanyOrThrow(ctx, companyRef, "approval.request");
  const actor = ctx.actor;
  if (input.type === "hire_agent") {
    throw new AppError("unprocessable", "Hire approvals are created by POST /api/companies/:companyId/agent-hires, with the agent they hire");
  }
  if (actor.kind !== "agent" || actor.agentId !== input.requestedByAgentId) {
    throw forbidden("A strategy approval is requested by the CEO agent itself");
  }
  if (actor.role !== "ceo") throw forbidden("Only the CEO requests approval of the company strategy");
  const row = await inTx(ctx, async (tx) => {
    // one open strategy request at a time: revise the open one instead
    const open = await tx.approval.findFirst({
      where: { companyId: company.id, requestedByAgentId: actor.agentId, type: "approve_ceo_strategy", status: { in: ["pending", "revision_requested"] } },
      select: { id: true },
    });
    if (open) throw new AppError("conflict", "A strategy approval of this CEO is already open; resubmit that one", { approvalId: open.id });
    const created = await tx.approval.create({
      data: { companyId: company.id, type: input.type, requestedByAgentId: actor.agentId, payload: input.payload as Prisma.InputJsonObject },
    });
    await linkIssues(tx, company.id, created.id, input.issueIds ?? []);
    await recordActivity(tx, actor, {
      companyId: company.id, action: "approval.created", entityType: "approval", entityId: created.id, details: { type: created.type },
    });
    await emitApprovalCreated(tx, actor, created);
    return created;
  });
  return approvalWithLinks(ctx.db, row);
}

const commentOrder = [["createdAt", "asc", "date"], ["id", "asc", "uuid"]] as const;

export async function listApprovalComments(ctx: ServiceContext, id: string, query: ListQuery) {
  const approval = await getApprovalOrThrow(ctx, id, "approval.read");
  return keysetPage(query, commentOrder, ({ after, ...page }) => ctx.db.approvalComment.findMany({
    where: { companyId: approval.companyId, approvalId: approval.id, ...after },
    ...page,
  }), approvalCommentDto);
}

export async function addApprovalComment(ctx: ServiceContext, id: string, body: string) {
  const approval = await getApprovalOrThrow(ctx, id, "approval.request");
  const actor = ctx.actor;
  const row = await inTx(ctx, async (tx) => {
    const comment = await tx.approvalComment.create({
      data: {
        companyId: approval.companyId, approvalId: approval.id, body,
        authorAgentId: actor.kind === "agent" ? actor.agentId : null,
        authorUserId: actor.kind === "board" ? actor.userId : null,
      },
    });
    await recordActivity(tx, actor, {
      companyId: approval.companyId, action: "approval.commented", entityType: "approval", entityId: approval.id, details: { commentId: comment.id },
    });
    return comment;
  });
  return approvalCommentDto(row);
}

/** GET /api/approvals/:id/issues: the linked issues, in link order. */
export async function listApprovalIssues(ctx: ServiceContext, id: string) {
  const approval = await getApprovalOrThrow(ctx, id, "approval.read");
  const ids = (await linkedIssueIds(ctx.db, approval.companyId, [approval.id])).get(approval.id) ?? [];
  const rows = await ctx.db.issue.findMany({ where: { companyId: approval.companyId, id: { in: ids } } });
  const labels = await labelIdsOf(ctx.db, approval.companyId, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((i) => {
    const r = byId.get(i);
    return r ? [issueDto({ ...r, labelIds: labels.get(r.id) ?? [] })] : [];
  });
}

/** GET /api/issues/:id/approvals: approvals linked to the issue, newest first. */
export async function listIssueApprovals(ctx: ServiceContext, issueRef: string) {
  const issue = await getIssueOrThrow(ctx, issueRef, "work.read");
  authorize(ctx.actor, "approval.read", issue.companyId);
  const links = await ctx.db.issueApproval.findMany({ where: { companyId: issue.companyId, issueId: issue.id }, select: { approvalId: true } });
  const rows = await ctx.db.approval.findMany({
    where: { companyId: issue.companyId, id: { in: links.map((l) => l.approvalId) } }, orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const all = await linkedIssueIds(ctx.db, issue.companyId, rows.map((r) => r.id));
  return rows.map((r) => approvalDto(r, all.get(r.id) ?? []));
}

async function issueAndApproval(ctx: ServiceContext, issueRef: string, approvalId: string) {
  const issue = await getIssueOrThrow(ctx, issueRef, "work.write");
  const approval = await ctx.db.approval.findFirst({ where: { id: approvalId, companyId: issue.companyId } });
  return { issue, approval };
}

export async function linkIssueApproval(ctx: ServiceContext, issueRef: string, approvalId: string) {
  const { issue, approval } = await issueAndApproval(ctx, issueRef, approvalId);
  if (!approval) throw invalidReference("body.approvalId", "Approval");
  await inTx(ctx, async (tx) => {
    const res = await tx.issueApproval.createMany({ data: [{ companyId: issue.companyId, issueId: issue.id, approvalId: approval.id }], skipDuplicates: true });
    if (res.count === 0) return;
    await recordActivity(tx, ctx.actor, {
      companyId: issue.companyId, action: "approval.linked", entityType: "approval", entityId: approval.id, details: { issueId: issue.id, identifier: issue.identifier },
    });
  });
  return approvalWithLinks(ctx.db, approval);
}

export async function unlinkIssueApproval(ctx: ServiceContext, issueRef: string, approvalId: string): Promise<void> {
  const { issue, approval } = await issueAndApproval(ctx, issueRef, approvalId);
  if (!approval) throw notFound("Approval");
  await inTx(ctx, async (tx) => {
    const res = await tx.issueApproval.deleteMany({ where: { companyId: issue.companyId, issueId: issue.id, approvalId: approval.id } });
    if (res.count === 0) throw notFound("Link between this issue and approval");
    await recordActivity(tx, ctx.actor, {
      companyId: issue.companyId, action: "approval.unlinked", entityType: "approval", entityId: approval.id, details: { issueId: issue.id, identifier: issue.identifier },
    });
  });
}
