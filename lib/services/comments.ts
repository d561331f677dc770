// Issue comments, and the @-mention wakes they raise: each mentioned agent except the author gets
// exactly one wake per comment; each mentioned board user of the company, an inbox item.
import type { Issue, IssueComment } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/auth/actor";
import { notFound } from "@/lib/http/errors";
import { keysetPage, type ListQuery } from "@/lib/http/pagination";
import { commentDto } from "@/lib/dto/issues";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { emitEvent, emitEvents } from "@/lib/services/outbox/emit";
import { parseMentions, parseUserMentions } from "@/lib/services/mentions";
import { prismaExec, requestWake } from "@/lib/services/wakeups";
import { getIssueOrThrow } from "@/lib/services/issues/queries";

/** Inserts a comment in the caller's transaction, with its activity row and mention wakes. */
type IssueRef = Pick<Issue, "id" | "companyId" | "identifier" | "title">;

const issueRefOf = (issue: IssueRef) => ({ issueId: issue.id, identifier: issue.identifier, title: issue.title });

/** mention.created for each agent or board user a comment mentions (its author excluded). */
async function emitMentions(tx: Tx, actor: Actor, issue: IssueRef, commentId: string, mentioned: { agentIds: string[]; userIds: string[] }) {
  const subject = { type: "issue", id: issue.id };
  const base = { ...issueRefOf(issue), commentId };
  await emitEvents(tx, actor, [
    ...mentioned.agentIds.map((id) => ({ companyId: issue.companyId, type: "mention.created" as const, subject, data: { ...base, mentionedAgentId: id, mentionedUserId: null } })),
    ...mentioned.userIds.map((id) => ({ companyId: issue.companyId, type: "mention.created" as const, subject, data: { ...base, mentionedAgentId: null, mentionedUserId: id } })),
  ]);
}

export async function insertComment(tx: Tx, actor: Actor, issue: IssueRef, body: string) {
  const comment = await tx.issueComment.create({
    data: {
      companyId: issue.companyId, issueId: issue.id, body,
      authorAgentId: actor.kind === "agent" ? actor.agentId : null,
      authorUserId: actor.kind === "board" ? actor.userId : null,
    },
  });
  await tx.issue.update({ where: { id: issue.id }, data: { updatedAt: new Date() } });
  await recordActivity(tx, actor, {
    companyId: issue.companyId, action: "issue.commented", entityType: "issue", entityId: issue.id, details: { commentId: comment.id },
  });
  await emitEvent(tx, actor, {
    companyId: issue.companyId, type: "comment.created", subject: { type: "issue", id: issue.id },
    data: { ...issueRefOf(issue), commentId: comment.id, authorAgentId: comment.authorAgentId, authorUserId: comment.authorUserId, excerpt: body.slice(0, 500) },
  });
  const agentIds = await wakeMentioned(tx, actor, issue, comment.id, body);
  const userIds = await recordUserMentions(tx, actor, issue, comment);
  await emitMentions(tx, actor, issue, comment.id, { agentIds, userIds });
  return comment;
}

/** The company's board users the comment links (not its author): their inbox's mention items. Others are ignored. */
async function recordUserMentions(tx: Tx, actor: Actor, issue: Pick<Issue, "id" | "companyId">, comment: Pick<IssueComment, "id" | "body" | "createdAt">): Promise<string[]> {
  const ids = parseUserMentions(comment.body).filter((id) => actor.kind !== "board" || id !== actor.userId);
  if (ids.length === 0) return [];
  const members = await tx.membership.findMany({ where: { companyId: issue.companyId, userId: { in: ids } }, select: { userId: true } });
  await tx.commentMention.createMany({
    data: members.map((m) => ({ companyId: issue.companyId, commentId: comment.id, issueId: issue.id, userId: m.userId, createdAt: comment.createdAt })),
    skipDuplicates: true,
  });
  return members.map((m) => m.userId);
}

/** Wakes the agents a comment mentions (not its author); returns their ids. */
async function wakeMentioned(tx: Tx, actor: Actor, issue: Pick<Issue, "id" | "companyId" | "identifier">, commentId: string, body: string): Promise<string[]> {
  if (!body.includes("@")) return [];
  const woken: string[] = [];
  const agents = await tx.agent.findMany({ where: { companyId: issue.companyId, status: { not: "terminated" } }, select: { id: true, name: true } });
  const author = actor.kind === "agent" ? actor.agentId : null;
  // wake locks are taken in id order, so two comments mentioning the same agents cannot deadlock
  for (const agentId of parseMentions(body, agents).sort()) {
    if (agentId === author) continue;
    woken.push(agentId);
    await requestWake(prismaExec(tx), {
      companyId: issue.companyId, agentId, reason: "mention", source: `comment on ${issue.identifier}`,
      issueId: issue.id, commentId,
      payload: { taskId: issue.id, wakeCommentId: commentId, wakeReason: "mention" },
    });
  }
  return woken;
}

export async function createComment(ctx: ServiceContext, issueRef: string, body: string) {
  const issue = await getIssueOrThrow(ctx, issueRef, "work.write");
  const comment = await inTx(ctx, (tx) => insertComment(tx, ctx.actor, issue, body));
  return commentDto(comment);
}

const order = [["createdAt", "asc", "date"], ["id", "asc", "uuid"]] as const;

export async function listComments(ctx: ServiceContext, issueRef: string, query: ListQuery) {
  const issue = await getIssueOrThrow(ctx, issueRef, "work.read");
  return keysetPage(query, order, ({ after, ...page }) => ctx.db.issueComment.findMany({
    where: { companyId: issue.companyId, issueId: issue.id, ...after },
    ...page,
  }), commentDto);
}

export async function getComment(ctx: ServiceContext, issueRef: string, commentId: string) {
  const issue = await getIssueOrThrow(ctx, issueRef, "work.read");
  const row = await ctx.db.issueComment.findFirst({ where: { id: commentId, companyId: issue.companyId, issueId: issue.id } });
  if (!row) throw notFound("Comment");
  return commentDto(row);
}
