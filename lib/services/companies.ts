// Companies: create (instance admins), list, read, and PATCH with the spec's field permissions.
import { boardUserId, type Actor } from "@/lib/auth/actor";
import { authorize, requireInstanceAdmin, visibleCompanyIds } from "@/lib/auth/permissions";
import { AppError, forbidden, invalidReference } from "@/lib/http/errors";
import { keysetPage, orderByOf, type ListQuery } from "@/lib/http/pagination";
import { companyDto, companyProfileDto } from "@/lib/dto/companies";
import type { CreateCompanyInput, UpdateCompanyInput } from "@/lib/schemas/companies";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { companiesSpendCents, companySpendCents } from "@/lib/services/spend";
import { lockBudgets, settleBudgets } from "@/lib/services/budgets";
import { prismaExec } from "@/lib/services/wakeups";
import { getCompanyOrThrow } from "@/lib/services/company-scope";

export async function getCompany(ctx: ServiceContext, ref: string) {
  const company = await getCompanyOrThrow(ctx, ref, "company.read");
  return companyDto(company, await companySpendCents(ctx.db, company.id));
}

const listOrder = [["name", "asc", "text"], ["id", "asc", "uuid"]] as const;

export async function listCompanies(ctx: ServiceContext, query: ListQuery) {
  // Agents read a company only as its CEO (spec, permission table).
  if (ctx.actor.kind === "agent" && ctx.actor.role !== "ceo") throw forbidden("Only the CEO agent may read the company");
  const ids = visibleCompanyIds(ctx.actor);
  const page = await keysetPage(query, listOrder, ({ after, ...page }) => ctx.db.company.findMany({
    where: { ...(ids === null ? {} : { id: { in: ids } }), ...after },
    ...page,
  }));
  const spend = await companiesSpendCents(ctx.db, page.items.map((r) => r.id));
  return { ...page, items: page.items.map((r) => companyDto(r, spend.get(r.id) ?? 0)) };
}

/**
 * Every company the caller may see, by name, without the month's spend (the board's company
 * switcher, on every page: summing each company's rollup for the month there cost more than the page).
 */
export async function listCompanyProfiles(ctx: ServiceContext) {
  if (ctx.actor.kind === "agent" && ctx.actor.role !== "ceo") throw forbidden("Only the CEO agent may read the company");
  const ids = visibleCompanyIds(ctx.actor);
  const rows = await ctx.db.company.findMany({ where: ids === null ? {} : { id: { in: ids } }, orderBy: orderByOf(listOrder) });
  return rows.map(companyProfileDto);
}

/** The company named by id or prefix, without the month's spend (see listCompanyProfiles). */
export async function getCompanyProfile(ctx: ServiceContext, ref: string) {
  return companyProfileDto(await getCompanyOrThrow(ctx, ref, "company.read"));
}

/** Prefix candidates from a name: initials of several words, else its first letters. */
export function prefixCandidates(name: string): string[] {
  const words = name.normalize("NFKD").replace(/\p{M}/gu, "").toUpperCase().replace(/[^A-Z\s]/g, " ").split(/\s+/).filter(Boolean);
  const letters = words.join("");
  const bases = new Set<string>();
  if (words.length >= 2) bases.add(words.map((w) => w[0]).join("").slice(0, 5));
  if (letters.length >= 2) bases.add(letters.slice(0, Math.min(4, letters.length)));
  if (letters.length >= 3) bases.add(letters.slice(0, 3));
  const valid = [...bases].filter((b) => b.length >= 2);
  if (valid.length === 0) valid.push("CO");
  const out = [...valid];
  for (const base of valid) {
    const stem = base.slice(0, 4);
    for (let c = 65; c <= 90; c++) out.push(stem + String.fromCharCode(c));
  }
  return [...new Set(out)];
}

export async function pickPrefix(tx: Tx, input: Pick<CreateCompanyInput, "name" | "issuePrefix">): Promise<string> {
  const candidates = input.issuePrefix ? [input.issuePrefix] : prefixCandidates(input.name);
  const taken = new Set(
    (await tx.company.findMany({ where: { issuePrefix: { in: candidates } }, select: { issuePrefix: true } })).map((c) => c.issuePrefix),
  );
  const free = candidates.find((c) => !taken.has(c));
  if (!free) {
    throw input.issuePrefix
      ? new AppError("conflict", `Issue prefix ${input.issuePrefix} is already used by another company`)
      : new AppError("conflict", "No free issue prefix could be derived from the name; pass issuePrefix");
  }
  return free;
}

/** Inserts a company, its creator's owner membership (a board user's, not the CLI's) and its activity row. */
export async function insertCompany(tx: Tx, actor: Actor, input: CreateCompanyInput) {
  const issuePrefix = await pickPrefix(tx, input);
  const created = await tx.company.create({
    data: {
      name: input.name,
      description: input.description ?? "",
      issuePrefix,
      budgetMonthlyCents: input.budgetMonthlyCents ?? 0,
      requireBoardApprovalForNewAgents: input.requireBoardApprovalForNewAgents ?? true,
      brandColor: input.brandColor ?? null,
    },
  });
  const ownerId = boardUserId(actor);
  if (ownerId) await tx.membership.create({ data: { companyId: created.id, userId: ownerId, role: "owner" } });
  await recordActivity(tx, actor, {
    companyId: created.id, action: "company.created", entityType: "company", entityId: created.id,
    details: { name: created.name, issuePrefix },
  });
  return created;
}

export async function createCompany(ctx: ServiceContext, input: CreateCompanyInput) {
  requireInstanceAdmin(ctx.actor);
  const company = await inTx(ctx, (tx) => insertCompany(tx, ctx.actor, input));
  return companyDto(company, 0);
}

const profileFields = ["name", "description", "brandColor", "logoAssetId"] as const;
const governanceFields = ["status", "budgetMonthlyCents", "requireBoardApprovalForNewAgents", "staleCheckoutSec", "wakeCapPerHour", "waitLimitSec"] as const;

export async function updateCompany(ctx: ServiceContext, ref: string, input: UpdateCompanyInput) {
  const company = await getCompanyOrThrow(ctx, ref, "company.read");
  if (input.issuePrefix !== undefined) throw forbidden("The issue prefix is immutable");
  const touches = (fields: readonly string[]) => fields.some((f) => (input as Record<string, unknown>)[f] !== undefined);
  if (touches(profileFields)) authorize(ctx.actor, "company.update", company.id);
  if (touches(governanceFields) || input.spentMonthlyCents !== undefined) authorize(ctx.actor, "company.govern", company.id);
  if (input.spentMonthlyCents !== undefined) {
    throw new AppError("derived_field", "spentMonthlyCents is derived from cost events; post a cost event instead");
  }
  if (input.logoAssetId) {
    const asset = await ctx.db.asset.findFirst({ where: { id: input.logoAssetId, companyId: company.id }, select: { contentType: true } });
    if (!asset || !asset.contentType.startsWith("image/")) throw invalidReference("logoAssetId", "Logo asset");
  }
  const { issuePrefix: _p, spentMonthlyCents: _s, ...data } = input;
  const updated = await inTx(ctx, async (tx) => {
    if (data.budgetMonthlyCents !== undefined) await lockBudgets(prismaExec(tx), company.id);
    const row = await tx.company.update({ where: { id: company.id }, data });
    // a raised budget lifts budget pauses, a lowered one may impose them (docs/design.md §7)
    if (data.budgetMonthlyCents !== undefined) await settleBudgets(prismaExec(tx), ctx.actor, company.id);
    await recordActivity(tx, ctx.actor, {
      companyId: company.id, action: "company.updated", entityType: "company", entityId: company.id,
      details: { changed: Object.keys(data) },
    });
    return row;
  });
  return companyDto(updated, await companySpendCents(ctx.db, company.id));
}
