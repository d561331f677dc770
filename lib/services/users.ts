// Board users: created by the CLI, by the first-run setup page, and tokens for scripts.
import type { Db } from "@/lib/db/client";
import type { MembershipRole, User, UserTheme } from "@/lib/generated/prisma/client";
import { hashPassword } from "@/lib/auth/password";
import { digestToken, mintToken, safeEqual } from "@/lib/auth/tokens";
import { SETUP_KEY } from "@/lib/auth/setup-token";
import { AppError, notFound } from "@/lib/http/errors";
import { boardTokenDto, userDto } from "@/lib/dto/users";
import type { CreateUserInput, UpdateViewerInput } from "@/lib/schemas/users";
import { requireBoard } from "@/lib/auth/permissions";
import { keysetPage, type ListQuery } from "@/lib/http/pagination";
import type { ServiceContext } from "@/lib/services/context";

// setup token digests (lib/auth/setup-token.ts issues them); the first to be used consumes them all
const setupRows = { key: { startsWith: SETUP_KEY } };

const defaultName = (email: string) => email.split("@")[0];

export async function createUser(db: Db, input: CreateUserInput) {
  const exists = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (exists) throw new AppError("conflict", `A user with email ${input.email} already exists`);
  const user = await db.user.create({
    data: { email: input.email, name: input.name ?? defaultName(input.email), passwordHash: await hashPassword(input.password), isInstanceAdmin: input.isInstanceAdmin },
  });
  return userDto(user);
}

export async function hasAnyUser(db: Db): Promise<boolean> {
  return (await db.user.findFirst({ select: { id: true } })) !== null;
}

async function setupTokenMatches(db: Pick<Db, "instanceSetting">, token: string): Promise<boolean> {
  const digest = digestToken(token);
  const rows = await db.instanceSetting.findMany({ where: setupRows });
  return rows.some((row) => safeEqual(row.value, digest));
}

export async function setupTokenValid(db: Db, token: string): Promise<boolean> {
  return (await setupTokenMatches(db, token)) && !(await hasAnyUser(db));
}

/** Creates the first board user, an instance admin; the token works once. */
export async function completeSetup(db: Db, input: { token: string; email: string; password: string; name?: string }) {
  const passwordHash = await hashPassword(input.password);
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('charter.setup', 0))`;
    if ((await tx.user.count()) > 0 || !(await setupTokenMatches(tx, input.token))) {
      throw new AppError("forbidden", "This setup link is invalid or has already been used");
    }
    await tx.instanceSetting.deleteMany({ where: setupRows });
    const user = await tx.user.create({
      data: { email: input.email, name: input.name ?? defaultName(input.email), passwordHash, isInstanceAdmin: true },
    });
    return userDto(user);
  });
}

export async function createBoardTokenForUser(db: Db, userId: string, name: string) {
  const { token, digest } = mintToken("boardToken");
  const row = await db.boardToken.create({ data: { userId, name, tokenHash: digest } });
  return { ...boardTokenDto(row), token };
}

export async function createBoardTokenForEmail(db: Db, email: string, name: string) {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true } });
  if (!user) throw notFound("User");
  return createBoardTokenForUser(db, user.id, name);
}

export async function createMyBoardToken(ctx: ServiceContext, name: string) {
  requireBoard(ctx.actor, "Board tokens belong to board users");
  return createBoardTokenForUser(ctx.db, ctx.actor.userId, name);
}

const order = [["createdAt", "desc", "date"], ["id", "desc", "uuid"]] as const;

export async function listMyBoardTokens(ctx: ServiceContext, query: ListQuery) {
  requireBoard(ctx.actor, "Board tokens belong to board users");
  const { userId } = ctx.actor;
  return keysetPage(query, order, ({ after, ...page }) => ctx.db.boardToken.findMany({
    where: { userId, ...after },
    ...page,
  }), boardTokenDto);
}

export async function revokeMyBoardToken(ctx: ServiceContext, tokenId: string) {
  requireBoard(ctx.actor, "Board tokens belong to board users");
  await ctx.db.boardToken.updateMany({ where: { id: tokenId, userId: ctx.actor.userId, revokedAt: null }, data: { revokedAt: new Date() } });
  const row = await ctx.db.boardToken.findFirst({ where: { id: tokenId, userId: ctx.actor.userId } });
  if (!row) throw notFound("Board token");
  return boardTokenDto(row);
}

export async function getViewer(ctx: ServiceContext) {
  requireBoard(ctx.actor, "This is the signed-in board user; agents use /api/agents/me");
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: ctx.actor.userId } });
  return viewerDto(user, ctx.actor.roles);
}

/** A board user's colour theme; "system" when there is no such user. */
export async function themeOfUser(db: Db, userId: string): Promise<UserTheme> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { theme: true } });
  return user?.theme ?? "system";
}

/** The signed-in board user's own preferences (today: the board's theme). */
export async function updateViewer(ctx: ServiceContext, input: UpdateViewerInput) {
  requireBoard(ctx.actor, "This is the signed-in board user; agents use /api/agents/me");
  const user = await ctx.db.user.update({ where: { id: ctx.actor.userId }, data: { theme: input.theme } });
  return viewerDto(user, ctx.actor.roles);
}

function viewerDto(user: User, roles: Record<string, MembershipRole>) {
  return { ...userDto(user), theme: user.theme, memberships: Object.entries(roles).map(([companyId, role]) => ({ companyId, role })) };
}
