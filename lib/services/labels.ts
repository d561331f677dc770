// Labels: a company's tags for issues. Names are unique per company (case-sensitive, backed by
// the unique index under races); deleting a label unlinks it from every issue (cascade).
import type { Label } from "@/lib/generated/prisma/client";
import { authorize, companyScope, type Permission } from "@/lib/auth/permissions";
import { conflict, notFound } from "@/lib/http/errors";
import { keysetPage, type ListQuery } from "@/lib/http/pagination";
import { labelDto } from "@/lib/dto/labels";
import type { CreateLabelInput, UpdateLabelInput } from "@/lib/schemas/labels";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { getCompanyOrThrow } from "@/lib/services/company-scope";

async function getLabelOrThrow(ctx: ServiceContext, labelId: string, permission: Permission): Promise<Label> {
  const label = await ctx.db.label.findFirst({ where: { id: labelId, ...companyScope(ctx.actor) } });
  if (!label) throw notFound("Label");
  authorize(ctx.actor, permission, label.companyId);
  return label;
}

async function assertNameFree(tx: Tx, companyId: string, name: string) {
  const clash = await tx.label.findUnique({ where: { companyId_name: { companyId, name } }, select: { id: true } });
  if (clash) throw conflict(`A label named '${name}' already exists in this company`);
}

const listOrder = [["name", "asc", "text"], ["id", "asc", "uuid"]] as const;

export async function listLabels(ctx: ServiceContext, companyRef: string, query: ListQuery) {
  const company = await getCompanyOrThrow(ctx, companyRef, "work.read");
  return keysetPage(query, listOrder, ({ after, ...page }) => ctx.db.label.findMany({
    where: { companyId: company.id, ...after },
    ...page,
  }), labelDto);
}

export async function getLabel(ctx: ServiceContext, labelId: string) {
  return labelDto(await getLabelOrThrow(ctx, labelId, "work.read"));
}

export async function createLabel(ctx: ServiceContext, companyRef: string, input: CreateLabelInput) {
  const company = await getCompanyOrThrow(ctx, companyRef, "work.write");
  const label = await inTx(ctx, async (tx) => {
    await assertNameFree(tx, company.id, input.name);
    const row = await tx.label.create({ data: { companyId: company.id, name: input.name, ...(input.color ? { color: input.color } : {}) } });
    await recordActivity(tx, ctx.actor, {
      companyId: company.id, action: "label.created", entityType: "label", entityId: row.id, details: { name: row.name, color: row.color },
    });
    return row;
  });
  return labelDto(label);
}

export async function updateLabel(ctx: ServiceContext, labelId: string, input: UpdateLabelInput) {
  const current = await getLabelOrThrow(ctx, labelId, "work.write");
  if (Object.keys(input).length === 0) return labelDto(current);
  const label = await inTx(ctx, async (tx) => {
    if (input.name !== undefined && input.name !== current.name) await assertNameFree(tx, current.companyId, input.name);
    const row = await tx.label.update({ where: { id: current.id }, data: input });
    await recordActivity(tx, ctx.actor, {
      companyId: current.companyId, action: "label.updated", entityType: "label", entityId: current.id, details: { changed: Object.keys(input) },
    });
    return row;
  });
  return labelDto(label);
}

export async function deleteLabel(ctx: ServiceContext, labelId: string) {
  const label = await getLabelOrThrow(ctx, labelId, "work.write");
  await inTx(ctx, async (tx) => {
    const res = await tx.label.deleteMany({ where: { id: label.id, companyId: label.companyId } });
    if (res.count === 0) throw notFound("Label");
    await recordActivity(tx, ctx.actor, {
      companyId: label.companyId, action: "label.deleted", entityType: "label", entityId: label.id, details: { name: label.name },
    });
  });
}
