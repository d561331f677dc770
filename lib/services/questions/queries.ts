// Reading questions: scoped to the caller's companies inside the query, with their issue's identifier.
import type { Question } from "@/lib/generated/prisma/client";
import { authorize, companyScope, type Permission } from "@/lib/auth/permissions";
import { notFound } from "@/lib/http/errors";
import { keysetPage, type ListQuery } from "@/lib/http/pagination";
import { questionDto } from "@/lib/dto/questions";
import type { Db } from "@/lib/db/client";
import type { ServiceContext, Tx } from "@/lib/services/context";
import { getCompanyOrThrow } from "@/lib/services/company-scope";
import { getIssueOrThrow } from "@/lib/services/issues/queries";

export async function getQuestionOrThrow(ctx: ServiceContext, id: string, permission: Permission, db: Db | Tx = ctx.db): Promise<Question> {
  const row = await db.question.findFirst({ where: { id, ...companyScope(ctx.actor) } });
  if (!row) throw notFound("Question");
  authorize(ctx.actor, permission, row.companyId);
  return row;
}

async function questionDtos(db: Db | Tx, rows: Question[]) {
  if (rows.length === 0) return [];
  const issues = await db.issue.findMany({
    where: { companyId: rows[0].companyId, id: { in: [...new Set(rows.map((r) => r.issueId))] } }, select: { id: true, identifier: true },
  });
  const identifiers = new Map(issues.map((i) => [i.id, i.identifier]));
  return rows.map((r) => questionDto(r, identifiers.get(r.issueId) ?? ""));
}

export const questionWithIssue = async (db: Db | Tx, row: Question) => (await questionDtos(db, [row]))[0];

const order = [["createdAt", "desc", "date"], ["id", "desc", "uuid"]] as const;

type ListQuestions = ListQuery & { status?: Question["status"] };

export async function listIssueQuestions(ctx: ServiceContext, issueRef: string, query: ListQuestions) {
  const issue = await getIssueOrThrow(ctx, issueRef, "work.read");
  const page = await keysetPage(query, order, ({ after, ...page }) => ctx.db.question.findMany({
    where: { companyId: issue.companyId, issueId: issue.id, ...(query.status ? { status: query.status } : {}), ...after }, ...page,
  }));
  return { items: await questionDtos(ctx.db, page.items), nextCursor: page.nextCursor };
}

export async function listCompanyQuestions(ctx: ServiceContext, companyRef: string, query: ListQuestions) {
  const company = await getCompanyOrThrow(ctx, companyRef, "work.read");
  const page = await keysetPage(query, order, ({ after, ...page }) => ctx.db.question.findMany({
    where: { companyId: company.id, ...(query.status ? { status: query.status } : {}), ...after }, ...page,
  }));
  return { items: await questionDtos(ctx.db, page.items), nextCursor: page.nextCursor };
}
