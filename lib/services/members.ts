// Board users' memberships of a company and their roles. Owners and admins manage members; only
// owners grant or remove ownership; a company always keeps at least one owner.
import type { MembershipRole } from "@/lib/generated/prisma/client";
import { AppError, forbidden, notFound } from "@/lib/http/errors";
import { keysetPage, type ListQuery } from "@/lib/http/pagination";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { getCompanyOrThrow } from "@/lib/services/company-scope";
import { startInboxAtJoin } from "@/lib/services/inbox";

interface MemberRow {
  companyId: string;
  userId: string;
  role: MembershipRole;
  createdAt: Date;
  user: { email: string; name: string };
}

const memberDto = (m: MemberRow) => ({
  companyId: m.companyId, userId: m.userId, email: m.user.email, name: m.user.name, role: m.role, createdAt: m.createdAt.toISOString(),
});

const include = { user: { select: { email: true, name: true } } } as const;

const order = [["createdAt", "asc", "date"], ["userId", "asc", "uuid"]] as const;

export async function listMembers(ctx: ServiceContext, companyRef: string, query: ListQuery) {
  const company = await getCompanyOrThrow(ctx, companyRef, "company.members.read");
  return keysetPage(query, order, ({ after, ...page }) => ctx.db.membership.findMany({
    where: { companyId: company.id, ...after }, include,
    ...page,
  }), memberDto);
}

/** Granting, changing or removing the owner role is for owners (and instance admins); so is inviting an owner. */
export function assertMayTouchOwner(ctx: ServiceContext, companyId: string, ...roles: (MembershipRole | undefined)[]) {
  if (!roles.includes("owner")) return;
  const actor = ctx.actor;
  if (actor.kind !== "board" || !(actor.isInstanceAdmin || actor.roles[companyId] === "owner")) {
    throw forbidden("Only owners may grant or remove the owner role");
  }
}

async function assertOwnerRemains(tx: Tx, companyId: string, leavingUserId: string) {
  const others = await tx.membership.count({ where: { companyId, role: "owner", userId: { not: leavingUserId } } });
  if (others === 0) throw new AppError("unprocessable", "A company must keep at least one owner");
}

export async function addMember(ctx: ServiceContext, companyRef: string, input: { email: string; role: MembershipRole }) {
  const company = await getCompanyOrThrow(ctx, companyRef, "company.members");
  assertMayTouchOwner(ctx, company.id, input.role);
  const user = await ctx.db.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (!user) throw new AppError("invalid_reference", "No board user has this email", [{ path: "body.email", message: "unknown user" }]);
  const row = await inTx(ctx, async (tx) => {
    const exists = await tx.membership.findUnique({ where: { companyId_userId: { companyId: company.id, userId: user.id } } });
    if (exists) throw new AppError("conflict", "This user is already a member");
    const created = await tx.membership.create({ data: { companyId: company.id, userId: user.id, role: input.role }, include });
    await startInboxAtJoin(tx, company.id, user.id);
    await recordActivity(tx, ctx.actor, { companyId: company.id, action: "member.added", entityType: "user", entityId: user.id, details: { role: input.role } });
    return created;
  });
  return memberDto(row);
}

export async function updateMember(ctx: ServiceContext, companyRef: string, userId: string, role: MembershipRole) {
  const company = await getCompanyOrThrow(ctx, companyRef, "company.members");
  const row = await inTx(ctx, async (tx) => {
    const current = await tx.membership.findUnique({ where: { companyId_userId: { companyId: company.id, userId } } });
    if (!current) throw notFound("Member");
    assertMayTouchOwner(ctx, company.id, current.role, role);
    if (current.role === "owner" && role !== "owner") await assertOwnerRemains(tx, company.id, userId);
    const updated = await tx.membership.update({ where: { companyId_userId: { companyId: company.id, userId } }, data: { role }, include });
    await recordActivity(tx, ctx.actor, { companyId: company.id, action: "member.role_changed", entityType: "user", entityId: userId, details: { from: current.role, to: role } });
    return updated;
  });
  return memberDto(row);
}

export async function removeMember(ctx: ServiceContext, companyRef: string, userId: string) {
  const company = await getCompanyOrThrow(ctx, companyRef, "company.members");
  await inTx(ctx, async (tx) => {
    const current = await tx.membership.findUnique({ where: { companyId_userId: { companyId: company.id, userId } } });
    if (!current) throw notFound("Member");
    assertMayTouchOwner(ctx, company.id, current.role);
    if (current.role === "owner") await assertOwnerRemains(tx, company.id, userId);
    await tx.membership.delete({ where: { companyId_userId: { companyId: company.id, userId } } });
    await recordActivity(tx, ctx.actor, { companyId: company.id, action: "member.removed", entityType: "user", entityId: userId });
  });
}
