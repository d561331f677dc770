// A board user's email preferences: one row per user, the defaults below while there is none.
import { requireBoard } from "@/lib/auth/permissions";
import type { Db } from "@/lib/db/client";
import type { Tx, ServiceContext } from "@/lib/services/context";
import { emailEventTypes, type EmailEventType, type PutNotificationPreferencesInput } from "@/lib/schemas/notifications";
import { mailEnabled } from "@/lib/services/notifications/mailer";
import { userOfUnsubscribeToken } from "@/lib/services/notifications/unsubscribe-token";
import type { EmailMode } from "@/lib/generated/prisma/client";

export type EmailPreference = { enabled: boolean; mode: EmailMode; eventTypes: string[] };

// What needs a person: decisions waiting on the board and things that stopped. The rest is opt-in.
const defaultPreference: EmailPreference = {
  enabled: true,
  mode: "immediate",
  eventTypes: ["approval.created", "question.asked", "run.failed", "budget.exceeded", "agent.paused", "routine.run_failed", "webhook.disabled", "issue.stalled"],
};

/** Preferences by user id, the defaults for users without a row. */
async function emailPreferences(db: Db | Tx, userIds: string[]): Promise<Map<string, EmailPreference>> {
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

export async function getMyNotifications(ctx: ServiceContext) {
  requireBoard(ctx.actor, "Notification preferences belong to board users");
  const pref = (await emailPreferences(ctx.db, [ctx.actor.userId])).get(ctx.actor.userId)!;
  // a type since dropped from the catalogue is left out rather than answered
  const eventTypes = pref.eventTypes.filter((t): t is EmailEventType => (emailEventTypes as readonly string[]).includes(t));
  return { email: { ...pref, eventTypes }, mailConfigured: mailEnabled() };
}

export async function putMyNotifications(ctx: ServiceContext, input: PutNotificationPreferencesInput) {
  requireBoard(ctx.actor, "Notification preferences belong to board users");
  const data = { enabled: input.email.enabled, mode: input.email.mode, eventTypes: [...new Set(input.email.eventTypes)] };
  await ctx.db.notificationPreference.upsert({ where: { userId: ctx.actor.userId }, create: { userId: ctx.actor.userId, ...data }, update: data });
  return getMyNotifications(ctx);
}

/**
 * The one-click unsubscribe (a signed link, no sign-in): mail off for the user, the rest of the
 * preferences kept for turning it back on. False when the token does not hold or its user is gone.
 */
export async function unsubscribeByToken(db: Db, token: string): Promise<boolean> {
  const userId = userOfUnsubscribeToken(token);
  if (!userId || !(await db.user.findUnique({ where: { id: userId }, select: { id: true } }))) return false;
  const { mode, eventTypes } = defaultPreference;
  await db.notificationPreference.upsert({ where: { userId }, create: { userId, enabled: false, mode, eventTypes }, update: { enabled: false } });
  return true;
}
