// Per-company email overrides against a real smtp-server: an override that turns one company off
// leaves another company's mail arriving, and an override with daily mode collects that company's
// events into the daily digest while the user's defaults still send the other company's at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { emitEvent } from "@/lib/services/outbox/emit";
import type { OutboxEvent } from "@/lib/services/outbox/event";
import { fanOutEmail } from "@/lib/services/notifications/fan-out";
import { sendDigest, sendEmailNotification } from "@/lib/services/notifications/send";
import { stopJobs } from "@/lib/runtime/jobs";
import { scopeOfUnsubscribeToken } from "@/lib/services/notifications/unsubscribe-token";
import { addMember, createWorld } from "../factories";
import { setMail, startSmtpReceiver, type SmtpReceiver } from "../support/smtp";

let rx: SmtpReceiver;
beforeAll(async () => { rx = await startSmtpReceiver(); setMail(rx.url); });
afterAll(async () => { setMail(null); await stopJobs(); await rx.close(); });

type World = Awaited<ReturnType<typeof createWorld>>;

async function pausedEvent(w: World): Promise<OutboxEvent> {
  const id = await db().$transaction((tx) => emitEvent(tx, null, { companyId: w.company.id, type: "agent.paused", subject: { type: "agent", id: w.ceo.id }, data: { agentId: w.ceo.id, name: w.ceo.name, reason: "board" } }));
  return (await db().event.findUniqueOrThrow({ where: { id } })) as unknown as OutboxEvent;
}

const fanOut = (events: OutboxEvent[]) => db().$transaction((tx) => fanOutEmail(tx, events));
const rowOf = (eventId: string, userId: string) => db().emailNotification.findFirst({ where: { eventId, userId } });
const to = (address: string) => rx.messages.filter((m) => m.to && !Array.isArray(m.to) && m.to.value.some((v) => v.address === address));

/** The scope of a mail's List-Unsubscribe link, read back from its signed token. */
function unsubscribeScopeOf(mail: (typeof rx.messages)[number]) {
  const line = mail.headerLines.find((h) => h.key === "list-unsubscribe")?.line.replace(/\r\n\s+/g, " ") ?? "";
  const url = /<(https?:[^>]+)>/.exec(line)?.[1];
  return url ? scopeOfUnsubscribeToken(new URL(url).searchParams.get("token") ?? "") : null;
}

/** A user on the boards of two companies: `a` (their own) and `b`. */
async function twoCompanies() {
  const a = await createWorld();
  const b = await createWorld();
  await addMember(b.company.id, a.owner.id, "member");
  return { a, b, user: a.owner };
}

describe("per-company email overrides", () => {
  it("a company turned off gets no mail for its events while the other company's still arrives", async () => {
    const { a, b, user } = await twoCompanies();
    await db().notificationCompanyPreference.create({ data: { userId: user.id, companyId: b.company.id, enabled: false, mode: "immediate", eventTypes: ["agent.paused"] } });
    const [ea, eb] = [await pausedEvent(a), await pausedEvent(b)];
    await fanOut([ea, eb]);
    expect(await rowOf(eb.id, user.id)).toBeNull();
    expect(await rowOf(eb.id, b.owner.id)).not.toBeNull(); // b's own owner follows their defaults
    const row = await rowOf(ea.id, user.id);
    expect(row?.mode).toBe("immediate");
    expect(await sendEmailNotification(row!.id)).toBe(true);
    await expect.poll(() => to(user.email).length).toBe(1);
    expect(to(user.email)[0].subject).toBe(`[${a.company.name}] Agent paused: ${a.ceo.name}`);
  });

  it("a daily override collects that company into the daily digest while the defaults send at once", async () => {
    const { a, b, user } = await twoCompanies();
    await db().notificationCompanyPreference.create({ data: { userId: user.id, companyId: b.company.id, enabled: true, mode: "daily", eventTypes: ["agent.paused"] } });
    const [ea, eb1, eb2] = [await pausedEvent(a), await pausedEvent(b), await pausedEvent(b)];
    await fanOut([ea, eb1, eb2]);
    expect((await rowOf(ea.id, user.id))?.mode).toBe("immediate");
    expect((await rowOf(eb1.id, user.id))?.mode).toBe("daily");
    expect((await rowOf(eb2.id, user.id))?.mode).toBe("daily");
    const before = to(user.email).length;
    expect(await sendDigest(user.id, "hourly")).toBe(false); // nothing hourly: no second email for these events
    expect(await sendDigest(user.id, "daily")).toBe(true);
    await expect.poll(() => to(user.email).length).toBe(before + 1);
    expect(to(user.email).at(-1)!.subject).toBe("Your daily Charter digest: 2 events");
    expect(await sendEmailNotification((await rowOf(eb1.id, user.id))!.id)).toBe(false); // digest rows are never sent alone
  });

  it("an email about one company unsubscribes from that company; a digest of several from all", async () => {
    const { a, b, user } = await twoCompanies();
    await db().notificationPreference.create({ data: { userId: user.id, enabled: true, mode: "hourly", eventTypes: ["agent.paused"] } });
    await db().notificationCompanyPreference.create({ data: { userId: user.id, companyId: b.company.id, enabled: true, mode: "immediate", eventTypes: ["agent.paused"] } });
    const [ea1, ea2, eb] = [await pausedEvent(a), await pausedEvent(a), await pausedEvent(b)];
    await fanOut([ea1, ea2, eb]);
    const before = to(user.email).length;
    expect(await sendEmailNotification((await rowOf(eb.id, user.id))!.id)).toBe(true);
    await expect.poll(() => to(user.email).length).toBe(before + 1);
    expect(unsubscribeScopeOf(to(user.email).at(-1)!)).toEqual({ userId: user.id, companyId: b.company.id });
    // the hourly digest holds only company a's events: a's link
    expect(await sendDigest(user.id, "hourly")).toBe(true);
    await expect.poll(() => to(user.email).length).toBe(before + 2);
    expect(unsubscribeScopeOf(to(user.email).at(-1)!)).toEqual({ userId: user.id, companyId: a.company.id });

    await db().notificationCompanyPreference.deleteMany({ where: { userId: user.id } });
    await fanOut([await pausedEvent(a), await pausedEvent(b)]);
    expect(await sendDigest(user.id, "hourly")).toBe(true);
    await expect.poll(() => to(user.email).length).toBe(before + 3);
    expect(to(user.email).at(-1)!.subject).toBe("Your hourly Charter digest: 2 events");
    expect(unsubscribeScopeOf(to(user.email).at(-1)!)).toEqual({ userId: user.id, companyId: null });
  });
});
