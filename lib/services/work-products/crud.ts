// What agents and the board report on an issue (a pull request, a branch, a document, a preview…), and
// an issue's list of products, the commits Charter read from git among them (./run-commits.ts). Any agent
// of the company may report or update one, as any may comment (docs/decisions/0121-work-products.md);
// a commit read from git is Charter's record and nobody edits it.
import type { Prisma, WorkProduct, WorkProductKind } from "@/lib/generated/prisma/client";
import { authorize, companyScope } from "@/lib/auth/permissions";
import { AppError, conflict, notFound } from "@/lib/http/errors";
import { keysetPage, type ListQuery, type OrderField } from "@/lib/http/pagination";
import { workProductDto } from "@/lib/dto/work-products";
import type { CreateWorkProductInput, UpdateWorkProductInput } from "@/lib/schemas/work-products";
import { inTx, type ServiceContext } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { getIssueOrThrow } from "@/lib/services/issues/queries";

/** Kinds that are nothing but a link: without a url there is nothing to open. */
const needsUrl: ReadonlySet<WorkProductKind> = new Set(["pull_request", "url", "preview"]);

const unprocessable = (path: string, message: string) => new AppError("unprocessable", `${path}: ${message}`, [{ path, message }]);

/** The url as a board page may link it: http or https only (a javascript: or data: link would run in the board). */
function checkUrl(kind: WorkProductKind, url: string | null): void {
  if (url === null) {
    if (needsUrl.has(kind)) throw unprocessable("body.url", `a ${kind.replace("_", " ")} needs its url`);
    return;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw unprocessable("body.url", "must be an absolute http or https URL");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw unprocessable("body.url", "must be an http or https URL");
}

const creator = (ctx: ServiceContext) => ({
  createdByAgentId: ctx.actor.kind === "agent" ? ctx.actor.agentId : null,
  createdByUserId: ctx.actor.kind === "board" && ctx.actor.via !== "cli" ? ctx.actor.userId : null,
  runId: ctx.actor.kind === "agent" ? ctx.actor.runId : null,
});

/** What the activity feed says of a product: enough to read the line after the product is gone. */
const described = (row: WorkProduct): Prisma.InputJsonObject => ({ workProductId: row.id, kind: row.kind, title: row.title, url: row.url, status: row.status });

export async function createWorkProduct(ctx: ServiceContext, issueRef: string, input: CreateWorkProductInput) {
  const issue = await getIssueOrThrow(ctx, issueRef, "work.write");
  checkUrl(input.kind, input.url ?? null);
  const row = await inTx(ctx, async (tx) => {
    const created = await tx.workProduct.create({
      data: { companyId: issue.companyId, issueId: issue.id, kind: input.kind, title: input.title, url: input.url ?? null, status: input.status ?? null, ...creator(ctx) },
    });
    await recordActivity(tx, ctx.actor, {
      companyId: issue.companyId, action: "work_product.created", entityType: "issue", entityId: issue.id, details: described(created),
    });
    return created;
  });
  return workProductDto(row);
}

const order = [["createdAt", "asc", "date"], ["id", "asc", "uuid"]] as const satisfies readonly OrderField<string>[];

export async function listWorkProducts(ctx: ServiceContext, issueRef: string, query: ListQuery & { kind?: WorkProductKind }) {
  const issue = await getIssueOrThrow(ctx, issueRef, "work.read");
  return keysetPage(query, order, ({ after, ...page }) => ctx.db.workProduct.findMany({
    where: { companyId: issue.companyId, issueId: issue.id, ...(query.kind ? { kind: query.kind } : {}), ...after },
    ...page,
  }), workProductDto);
}

/** The fields of `input` whose value differs from the row's. */
function changesOf(row: WorkProduct, input: UpdateWorkProductInput) {
  const next = { title: input.title ?? row.title, url: input.url === undefined ? row.url : input.url, status: input.status === undefined ? row.status : input.status };
  const changed = (["title", "url", "status"] as const).filter((k) => next[k] !== row[k]);
  return { next, changed };
}

/** PATCH /api/work-products/:workProductId: a reported product's title, url or status (open → merged…). */
export async function updateWorkProduct(ctx: ServiceContext, workProductId: string, input: UpdateWorkProductInput) {
  const row = await ctx.db.workProduct.findFirst({ where: { id: workProductId, ...companyScope(ctx.actor) } });
  if (!row) throw notFound("Work product");
  authorize(ctx.actor, "work.write", row.companyId);
  if (row.sha !== null) throw unprocessable("workProductId", "a commit read from git is Charter's record and cannot be changed; report a pull_request or branch instead");
  const { next, changed } = changesOf(row, input);
  if (changed.length === 0) return workProductDto(row);
  checkUrl(row.kind, next.url);
  const updated = await inTx(ctx, async (tx) => {
    // conditional on the row as read, so the activity line's "from" is the status it really replaced
    const { count } = await tx.workProduct.updateMany({ where: { id: row.id, companyId: row.companyId, updatedAt: row.updatedAt }, data: next });
    if (count === 0) throw conflict("The work product changed meanwhile: read it again");
    const fresh = await tx.workProduct.findUniqueOrThrow({ where: { id: row.id } });
    await recordActivity(tx, ctx.actor, {
      companyId: row.companyId, action: "work_product.updated", entityType: "issue", entityId: row.issueId,
      details: { ...described(fresh), changed: [...changed], ...(changed.includes("status") ? { from: row.status, to: fresh.status } : {}) },
    });
    return fresh;
  });
  return workProductDto(updated);
}
