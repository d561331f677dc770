// The one-click unsubscribe (a signed link, no sign-in): mail about one company off, the link of that
// company's mail, or all mail off. The other choices are kept for turning it back on.
import type { Db } from "@/lib/db/client";
import { emailPreferences } from "@/lib/services/notifications/preferences";
import { scopeOfUnsubscribeToken, type UnsubscribeScope } from "@/lib/services/notifications/unsubscribe-token";

type Offer = UnsubscribeScope & { companyName: string | null };

/** What a link offers to stop; null when the token does not hold or its user is gone. */
export async function unsubscribeOffer(db: Db, token: string): Promise<Offer | null> {
  const scope = scopeOfUnsubscribeToken(token);
  if (!scope || !(await db.user.findUnique({ where: { id: scope.userId }, select: { id: true } }))) return null;
  const company = scope.companyId ? await db.company.findUnique({ where: { id: scope.companyId }, select: { name: true } }) : null;
  return { ...scope, companyName: company?.name ?? null };
}

/**
 * Mail off for the token's scope, or for all companies when `all` (a company's link offers both).
 * Answers what was stopped, or null when the token does not hold.
 */
export async function unsubscribeByToken(db: Db, token: string, all: boolean): Promise<Offer | null> {
  const offer = await unsubscribeOffer(db, token);
  if (!offer) return null;
  const { userId, companyId } = offer;
  if (companyId && !all) {
    await companyOff(db, userId, companyId);
    return offer;
  }
  const { mode, eventTypes } = (await emailPreferences(db, [userId])).get(userId)!;
  // every override too: one left enabled would go on mailing about its company after "all"
  await db.$transaction([
    db.notificationPreference.upsert({ where: { userId }, create: { userId, enabled: false, mode, eventTypes }, update: { enabled: false } }),
    db.notificationCompanyPreference.updateMany({ where: { userId }, data: { enabled: false } }),
  ]);
  return { userId, companyId: null, companyName: null };
}

/** That company's override, off; made from the user's defaults when there is none, so turning it on starts from them. */
async function companyOff(db: Db, userId: string, companyId: string): Promise<void> {
  // no longer on its board: no mail about it comes anyway, and a row would outlive its reason
  if (!(await db.membership.findUnique({ where: { companyId_userId: { companyId, userId } }, select: { userId: true } }))) return;
  const { mode, eventTypes } = (await emailPreferences(db, [userId])).get(userId)!;
  await db.notificationCompanyPreference.upsert({
    where: { userId_companyId: { userId, companyId } },
    create: { userId, companyId, enabled: false, mode, eventTypes },
    update: { enabled: false },
  });
}
