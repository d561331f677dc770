// The outbox relay's email fan-out (docs/decisions/0127-email-notifications.md): in the relay's batch
// transaction, one EmailNotification row per (board member of the event's company, event) whose
// effective preference for that company (its override, else the user's defaults) selects it, and the
// job that sends it or the digest that will. The unique (user, event) makes a second relay's fan-out of the same event a no-op, so nobody is mailed twice.
import type { Tx } from "@/lib/services/context";
import type { OutboxEvent } from "@/lib/services/outbox/event";
import { enqueue } from "@/lib/runtime/jobs";
import { mailEnabled } from "@/lib/services/notifications/mailer";
import { effectiveEmailPreferences } from "@/lib/services/notifications/preferences";
import { digestDelaySeconds, EMAIL_DIGEST_JOB, EMAIL_SEND_JOB } from "@/lib/services/notifications/jobs";

type Row = { userId: string; companyId: string; eventId: string; eventType: string; mode: "immediate" | "hourly" | "daily" };

export async function fanOutEmail(tx: Tx, events: OutboxEvent[]): Promise<void> {
  // mail off: no rows, so turning it on later does not mail a backlog of old events
  if (!events.length || !mailEnabled()) return;
  const members = await tx.membership.findMany({ where: { companyId: { in: [...new Set(events.map((e) => e.companyId))] } }, select: { companyId: true, userId: true } });
  const prefs = await effectiveEmailPreferences(tx, members);
  const rows: Row[] = [];
  for (const e of events) {
    for (const m of members) {
      const pref = prefs.get(`${m.userId} ${m.companyId}`);
      // nobody is mailed about what they did themselves
      const own = e.actorType === "user" && e.actorId === m.userId;
      if (m.companyId !== e.companyId || own || !pref?.enabled || !pref.eventTypes.includes(e.type)) continue;
      rows.push({ userId: m.userId, companyId: e.companyId, eventId: e.id, eventType: e.type, mode: pref.mode });
    }
  }
  if (!rows.length) return;
  const created = await tx.emailNotification.createManyAndReturn({ data: rows, skipDuplicates: true, select: { id: true, userId: true, mode: true } });
  const digests = new Set<string>();
  for (const row of created) {
    if (row.mode === "immediate") await enqueue(tx, EMAIL_SEND_JOB, { id: row.id });
    else digests.add(`${row.userId} ${row.mode}`);
  }
  for (const key of digests) {
    const [userId, mode] = key.split(" ") as [string, "hourly" | "daily"];
    // one waiting digest job per (user, mode): rows made before it runs join it
    await enqueue(tx, EMAIL_DIGEST_JOB, { userId, mode }, { delaySeconds: digestDelaySeconds(mode, new Date()) });
  }
}
