// A board user's email preferences: one row per user, the defaults below while there is none, and
// per company an override row that replaces them for that company's mail.
import { requireBoard } from "@/lib/auth/permissions";
import { notFound } from "@/lib/http/errors";
import type { Db } from "@/lib/db/client";
import type { Tx, ServiceContext } from "@/lib/services/context";
import { emailEventTypes, type EmailEventType, type PutNotificationPreferencesInput } from "@/lib/schemas/notifications";
import { mailEnabled } from "@/lib/services/notifications/mailer";
import type { EmailMode } from "@/lib/generated/prisma/client";

export type EmailPreference = { enabled: boolean; mode: EmailMode; eventTypes: string[] };

// What needs a person: decisions waiting on the board and things that stopped. The rest is opt-in.
const defaultPreference: EmailPreference = {
  enabled: true,
  mode: "immediate",
  // not issue.stalled: one mail per stalled issue would bury a board under a mass stall (an agent paused with
  // hundreds of issues); the inbox's stalled items and the dashboard tell it, and a user may opt in
  eventTypes: ["approval.created", "question.asked", "run.failed", "budget.exceeded", "agent.paused", "routine.run_failed", "webhook.disabled"],
};

/** Preferences by user id, the defaults for users without a row. */
export async function emailPreferences(db: Db | Tx, userIds: string[]): Promise<Map<string, EmailPreference>> {
  const rows = await db.notificationPreference.findMany({ where: { userId: { in: userIds } } });
  const byUser = new Map(rows.map((r) => [r.userId, { enabled: r.enabled, mode: r.mode, eventTypes: r.eventTypes }]));
  return new Map(userIds.map((id) => [id, byUser.get(id) ?? defaultPreference]));
}

/**
 * Effective preferences by "userId companyId": the user's override for that company where one is
 * set, else their defaults. The fan-out asks this so a company can be muted or digested on its own.
 */
export async function effectiveEmailPreferences(db: Db | Tx, pairs: { userId: string; companyId: string }[]): Promise<Map<string, EmailPreference>> {
  const userIds = [...new Set(pairs.map((p) => p.userId))];
  const defaults = await emailPreferences(db, userIds);
  const overrides = await db.notificationCompanyPreference.findMany({
    where: { userId: { in: userIds }, companyId: { in: [...new Set(pairs.map((p) => p.companyId))] } },
  });
  const byPair = new Map(overrides.map((o) => [`${o.userId} ${o.companyId}`, { enabled: o.enabled, mode: o.mode, eventTypes: o.eventTypes }]));
  return new Map(pairs.map((p) => [`${p.userId} ${p.companyId}`, byPair.get(`${p.userId} ${p.companyId}`) ?? defaults.get(p.userId)!]));
}

/** The user's defaults and, for each company they are a board member of, its own settings or null. */
export async function getMyNotifications(ctx: ServiceContext) {
  requireBoard(ctx.actor, "Notification preferences belong to board users");
  const userId = ctx.actor.userId;
  const pref = (await emailPreferences(ctx.db, [userId])).get(userId)!;
  const memberships = await ctx.db.membership.findMany({
    where: { userId }, select: { company: { select: { id: true, name: true } } }, orderBy: [{ company: { name: "asc" } }, { companyId: "asc" }],
  });
  // an override left from a membership since ended is kept but not answered: it mails nothing
  const overrides = await ctx.db.notificationCompanyPreference.findMany({ where: { userId, companyId: { in: memberships.map((m) => m.company.id) } } });
  const byCompany = new Map(overrides.map((o) => [o.companyId, o]));
  const companies = memberships.map(({ company }) => {
    const o = byCompany.get(company.id);
    return { companyId: company.id, companyName: company.name, email: o ? answerOf(o) : null };
  });
  return { email: answerOf(pref), companies, mailConfigured: mailEnabled() };
}

// a type since dropped from the catalogue is left out rather than answered
function answerOf(pref: EmailPreference) {
  const eventTypes = pref.eventTypes.filter((t): t is EmailEventType => (emailEventTypes as readonly string[]).includes(t));
  return { enabled: pref.enabled, mode: pref.mode, eventTypes };
}

/**
 * 404 unless the caller is on the company's board, instance admins too (only board members are ever
 * mailed about a company); an agent of that very company is refused (403) as on the user's defaults.
 */
async function requireMyCompany(ctx: ServiceContext, companyId: string): Promise<string> {
  const actor = ctx.actor;
  if (actor.kind === "agent" && actor.companyId !== companyId) throw notFound("Company");
  requireBoard(actor, "Notification preferences belong to board users");
  // read again rather than trusting the session's roles: a member removed since sign-in is no longer one
  const m = await ctx.db.membership.findUnique({ where: { companyId_userId: { companyId, userId: actor.userId } }, select: { userId: true } });
  if (!m) throw notFound("Company");
  return actor.userId;
}

/** The user's own settings for one company, replacing their defaults there. */
export async function putMyCompanyNotifications(ctx: ServiceContext, companyId: string, input: PutNotificationPreferencesInput) {
  const userId = await requireMyCompany(ctx, companyId);
  const data = { enabled: input.email.enabled, mode: input.email.mode, eventTypes: [...new Set(input.email.eventTypes)] };
  await ctx.db.notificationCompanyPreference.upsert({ where: { userId_companyId: { userId, companyId } }, create: { userId, companyId, ...data }, update: data });
  return getMyNotifications(ctx);
}

/** Back to the user's defaults for that company; a second call finds nothing to drop and answers the same. */
export async function deleteMyCompanyNotifications(ctx: ServiceContext, companyId: string) {
  const userId = await requireMyCompany(ctx, companyId);
  await ctx.db.notificationCompanyPreference.deleteMany({ where: { userId, companyId } });
  return getMyNotifications(ctx);
}

export async function putMyNotifications(ctx: ServiceContext, input: PutNotificationPreferencesInput) {
  requireBoard(ctx.actor, "Notification preferences belong to board users");
  const data = { enabled: input.email.enabled, mode: input.email.mode, eventTypes: [...new Set(input.email.eventTypes)] };
  await ctx.db.notificationPreference.upsert({ where: { userId: ctx.actor.userId }, create: { userId: ctx.actor.userId, ...data }, update: data });
  return getMyNotifications(ctx);
}
