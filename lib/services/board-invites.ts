// People join a company's board by link: an admin or owner mints a single-use invite (7 days, only
// its digest kept); whoever opens it signs up or signs in and becomes a member with the invite's role.
// Accepting is one transaction whose conditional update on the invite makes it single-use under
// concurrency. The agent invites of lib/services/invites.ts are a separate thing.
import type { BoardInvite } from "@/lib/generated/prisma/client";
import type { BoardActor } from "@/lib/auth/actor";
import type { Db } from "@/lib/db/client";
import { hashPassword } from "@/lib/auth/password";
import { requireBoard } from "@/lib/auth/permissions";
import { mintToken } from "@/lib/auth/tokens";
import { AppError, conflict, forbidden, notFound } from "@/lib/http/errors";
import { keysetPage, type ListQuery } from "@/lib/http/pagination";
import { boardInviteDto } from "@/lib/dto/board-invites";
import type { BoardInviteSignUpInput, CreateBoardInviteInput } from "@/lib/schemas/board-invites";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { getCompanyOrThrow } from "@/lib/services/company-scope";
import { assertMayTouchOwner } from "@/lib/services/members";
import { boardInviteState, inviteByToken, type BoardInviteState } from "@/lib/services/board-invite-state";
import { startInboxAtJoin } from "@/lib/services/inbox";

const BOARD_INVITE_TTL_DAYS = 7;

const boardInviteUrl = (baseUrl: string, token: string) => `${baseUrl}/invite/${token}`;

export async function createBoardInvite(ctx: ServiceContext, companyRef: string, input: CreateBoardInviteInput, baseUrl: string) {
  const company = await getCompanyOrThrow(ctx, companyRef, "company.members");
  requireBoard(ctx.actor, "Only board users invite people to the board");
  assertMayTouchOwner(ctx, company.id, input.role);
  const { token, digest } = mintToken("boardInvite");
  const expiresAt = new Date(Date.now() + BOARD_INVITE_TTL_DAYS * 24 * 3600_000);
  const actor = ctx.actor;
  const row = await inTx(ctx, async (tx) => {
    const invite = await tx.boardInvite.create({
      data: { companyId: company.id, tokenHash: digest, role: input.role, email: input.email ?? null, expiresAt, createdByUserId: actor.userId },
    });
    await recordActivity(tx, actor, {
      companyId: company.id, action: "board_invite.created", entityType: "board_invite", entityId: invite.id,
      // agents read the activity log but not the member list: the invitee's address stays out of it
      details: { role: input.role, forEmail: !!input.email },
    });
    return invite;
  });
  return { ...boardInviteDto(row), token, url: boardInviteUrl(baseUrl, token) };
}

const order = [["createdAt", "desc", "date"], ["id", "desc", "uuid"]] as const;

/** Open invites only: not accepted, not revoked, not expired. Their emails are for admins and owners. */
export async function listBoardInvites(ctx: ServiceContext, companyRef: string, query: ListQuery) {
  const company = await getCompanyOrThrow(ctx, companyRef, "company.members");
  return keysetPage(query, order, ({ after, ...page }) => ctx.db.boardInvite.findMany({
    where: { companyId: company.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() }, ...after },
    ...page,
  }), boardInviteDto);
}

/** Revoking twice is a no-op; a used invite cannot be revoked (422): remove the member instead. */
export async function revokeBoardInvite(ctx: ServiceContext, companyRef: string, inviteId: string): Promise<void> {
  const company = await getCompanyOrThrow(ctx, companyRef, "company.members");
  const invite = await ctx.db.boardInvite.findFirst({ where: { id: inviteId, companyId: company.id } });
  if (!invite) throw notFound("Invite");
  assertMayTouchOwner(ctx, company.id, invite.role);
  await inTx(ctx, async (tx) => {
    const res = await tx.boardInvite.updateMany({ where: { id: invite.id, acceptedAt: null, revokedAt: null }, data: { revokedAt: new Date() } });
    if (res.count === 0) {
      const now = await tx.boardInvite.findUniqueOrThrow({ where: { id: invite.id } });
      if (now.acceptedAt) throw new AppError("invalid_transition", "This invite has already been used; remove the member instead");
      return;
    }
    await recordActivity(tx, ctx.actor, { companyId: company.id, action: "board_invite.revoked", entityType: "board_invite", entityId: invite.id, details: { role: invite.role } });
  });
}

/** What the invite page shows for a token: the company and role, or why the link no longer works. */
export async function previewBoardInvite(db: Db, token: string) {
  const invite = await inviteByToken(db, token);
  if (!invite) return { state: "unknown" as const };
  const company = await db.company.findUniqueOrThrow({ where: { id: invite.companyId }, select: { name: true, issuePrefix: true } });
  return {
    state: boardInviteState(invite), companyName: company.name, issuePrefix: company.issuePrefix,
    role: invite.role, email: invite.email, expiresAt: invite.expiresAt.toISOString(),
  };
}

function stateError(state: BoardInviteState): AppError {
  if (state === "used") return conflict("This invite has already been used", { state });
  if (state === "revoked") return new AppError("invite_expired", "This invite was revoked; ask for a new one", { state });
  return new AppError("invite_expired", "This invite has expired; ask for a new one", { state });
}

/** The live invite behind a token (unknown 404, used 409, revoked or expired 410), for this email. */
async function liveInvite(db: Db, token: string, email: string): Promise<BoardInvite> {
  const invite = await inviteByToken(db, token);
  if (!invite) throw notFound("Invite");
  const state = boardInviteState(invite);
  if (state !== "valid") throw stateError(state);
  if (invite.email && invite.email !== email.toLowerCase()) throw forbidden(`This invite is for ${invite.email}; sign in with that account`);
  return invite;
}

/** Claims the invite (conditional update: one winner under concurrency) and makes the membership. */
async function join(tx: Tx, invite: BoardInvite, actor: BoardActor) {
  const claimed = await tx.boardInvite.updateMany({
    where: { id: invite.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
    data: { acceptedAt: new Date(), acceptedByUserId: actor.userId },
  });
  if (claimed.count === 0) throw stateError(boardInviteState(await tx.boardInvite.findUniqueOrThrow({ where: { id: invite.id } })));
  const member = await tx.membership.findUnique({ where: { companyId_userId: { companyId: invite.companyId, userId: actor.userId } } });
  if (member) throw conflict(`You are already a member of this company (${member.role})`, { role: member.role });
  await tx.membership.create({ data: { companyId: invite.companyId, userId: actor.userId, role: invite.role } });
  await startInboxAtJoin(tx, invite.companyId, actor.userId);
  await recordActivity(tx, actor, {
    companyId: invite.companyId, action: "member.joined", entityType: "user", entityId: actor.userId, details: { role: invite.role, inviteId: invite.id },
  });
  const company = await tx.company.findUniqueOrThrow({ where: { id: invite.companyId }, select: { issuePrefix: true } });
  return { companyId: invite.companyId, issuePrefix: company.issuePrefix, userId: actor.userId, email: actor.email, role: invite.role };
}

/** The signed-in board user (session or board token) accepts. */
export async function acceptBoardInvite(ctx: ServiceContext, token: string) {
  requireBoard(ctx.actor, "Board invites are accepted by board users");
  const actor = ctx.actor;
  const invite = await liveInvite(ctx.db, token, actor.email);
  return inTx(ctx, (tx) => join(tx, invite, actor));
}

/**
 * A newcomer creates an account and joins in one transaction. The token is checked before the
 * password is hashed, so an unknown or spent link costs one indexed lookup, not an argon2 hash.
 */
export async function signUpWithBoardInvite(db: Db, token: string, input: BoardInviteSignUpInput) {
  const invite = await liveInvite(db, token, input.email);
  const passwordHash = await hashPassword(input.password);
  return db.$transaction(async (tx) => {
    if (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
      throw conflict("An account with this email already exists: sign in to accept the invite", [{ path: "body.email", message: "has an account already: sign in" }]);
    }
    const user = await tx.user.create({ data: { email: input.email, name: input.name, passwordHash } });
    const actor: BoardActor = { kind: "board", userId: user.id, email: user.email, name: user.name, isInstanceAdmin: false, roles: {}, via: "session" };
    return join(tx, invite, actor);
  }, { maxWait: 10_000, timeout: 20_000 });
}
