// Sending the EmailNotification rows. A sender takes rows with a lease (a conditional update), so two
// workers never mail the same row at once; a row whose sender died is taken again once its lease has
// passed. Mail off: rows stay pending and nothing is attempted.
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { apiBaseUrl } from "@/lib/runtime/execute";
import type { EmailMode } from "@/lib/generated/prisma/client";
import { mailLines, renderMail, type MailEvent } from "@/lib/services/notifications/bodies";
import { mailEnabled, sendMail } from "@/lib/services/notifications/mailer";
import { unsubscribeToken } from "@/lib/services/notifications/unsubscribe-token";

const LEASE_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 5;

/**
 * The one-click unsubscribe link and the RFC 8058 headers that carry it: for mail about one company,
 * that company's mail only; else (a digest of several, the test email) all of the user's.
 */
export function unsubscribeLink(userId: string, companyId: string | null = null): { url: string; headers: Record<string, string> } {
  const url = `${apiBaseUrl()}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(userId, companyId))}`;
  return { url, headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } };
}

/**
 * Takes the rows (pending, lease free) for this sender in one statement; returns the ids it got. A
 * concurrent sender's UPDATE waits on these rows and then finds them leased, so a digest is never split
 * between two senders and no row is mailed twice.
 */
async function lease(where: { id?: string; userId?: string; mode: EmailMode }): Promise<string[]> {
  const rows = await db().$queryRawUnsafe<{ id: string }[]>(
    `UPDATE "EmailNotification" SET "leaseUntil" = now() + make_interval(secs => $4::int / 1000.0), attempts = attempts + 1
      WHERE id IN (SELECT id FROM "EmailNotification"
                    WHERE ($1::uuid IS NULL OR id = $1::uuid) AND ($2::uuid IS NULL OR "userId" = $2::uuid) AND mode = $3::"EmailMode"
                      AND status = 'pending' AND ("leaseUntil" IS NULL OR "leaseUntil" < now())
                    ORDER BY id LIMIT 500)
        AND status = 'pending' AND ("leaseUntil" IS NULL OR "leaseUntil" < now())
      RETURNING id`,
    where.id ?? null, where.userId ?? null, where.mode, LEASE_MS,
  );
  return rows.map((r) => r.id).sort();
}

async function deliver(ids: string[], heading: string): Promise<boolean> {
  const rows = await db().emailNotification.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" }, include: { user: { select: { id: true, email: true } } } });
  if (!rows.length) return false;
  const events = await eventsOf(rows.map((r) => r.eventId));
  const ordered = rows.map((r) => events.get(r.eventId)).filter((e): e is MailEvent => Boolean(e));
  const user = rows[0].user;
  try {
    const companies = new Set(rows.map((r) => r.companyId));
    const { url, headers } = unsubscribeLink(user.id, companies.size === 1 ? rows[0].companyId : null);
    const mail = renderMail(await mailLines(db(), ordered, apiBaseUrl()), heading, url);
    await sendMail({ to: user.email, ...mail, headers });
    await db().emailNotification.updateMany({ where: { id: { in: ids } }, data: { status: "sent", sentAt: new Date(), leaseUntil: null, lastError: null } });
    return true;
  } catch (err) {
    const lastError = err instanceof Error ? err.message.slice(0, 500) : String(err);
    log.warn("a notification email was not sent", { userId: user.id, rows: ids.length, error: lastError });
    // retried by the next kick once the lease is released; failed for good after MAX_ATTEMPTS
    await db().emailNotification.updateMany({ where: { id: { in: ids }, attempts: { gte: MAX_ATTEMPTS } }, data: { status: "failed", leaseUntil: null, lastError } });
    await db().emailNotification.updateMany({ where: { id: { in: ids }, status: "pending" }, data: { leaseUntil: null, lastError } });
    throw err;
  }
}

/** The events these rows are about, read from the outbox. */
async function eventsOf(eventIds: string[]): Promise<Map<string, MailEvent>> {
  const rows = await db().event.findMany({ where: { id: { in: eventIds } }, select: { id: true, companyId: true, type: true, occurredAt: true, subjectType: true, subjectId: true } });
  return new Map(rows.map((e) => [e.id, e]));
}

/** Sends one immediate notification row (the `email.send` job). */
export async function sendEmailNotification(id: string): Promise<boolean> {
  if (!mailEnabled()) return false;
  const ids = await lease({ id, mode: "immediate" });
  return ids.length ? deliver(ids, "Charter needs your attention") : false;
}

/** Sends a user's pending rows of one digest mode in one email (the `email.digest` job). */
export async function sendDigest(userId: string, mode: "hourly" | "daily"): Promise<boolean> {
  if (!mailEnabled()) return false;
  const ids = await lease({ userId, mode });
  return ids.length ? deliver(ids, mode === "hourly" ? "Your hourly Charter digest" : "Your daily Charter digest") : false;
}
