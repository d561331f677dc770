// Email fan-out and sending against a real smtp-server: one email per user per event however many
// relays fan it out, only to board members of the event's company, preferences applied, digests,
// unsubscribe from the received email's own link, and nothing while mail is off.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { emitEvent } from "@/lib/services/outbox/emit";
import type { OutboxEvent } from "@/lib/services/outbox/event";
import { fanOutEmail } from "@/lib/services/notifications/fan-out";
import { sendDigest, sendEmailNotification } from "@/lib/services/notifications/send";
import { startJobs, stopJobs } from "@/lib/runtime/jobs";
import { relayOutbox } from "@/lib/runtime/outbox-relay";
import { POST as unsubscribePost } from "@/app/unsubscribe/route";
import { addMember, createUser, createWorld } from "../factories";
import { setMail, startSmtpReceiver, waitForMessages, type SmtpReceiver } from "../support/smtp";

let rx: SmtpReceiver;
beforeAll(async () => { rx = await startSmtpReceiver(); setMail(rx.url); });
afterAll(async () => { setMail(null); await stopJobs(); await rx.close(); });

type World = Awaited<ReturnType<typeof createWorld>>;

/** Commits an agent.paused event of `w`'s CEO and returns it as the relay hands it over. */
async function pausedEvent(w: World, actor: { userId: string } | null = null): Promise<OutboxEvent> {
  const id = actor
    ? (await db().event.create({ data: { companyId: w.company.id, type: "agent.paused", subjectType: "agent", subjectId: w.ceo.id, actorType: "user", actorId: actor.userId, data: { agentId: w.ceo.id, name: w.ceo.name, reason: "board" } } })).id
    : await db().$transaction((tx) => emitEvent(tx, null, { companyId: w.company.id, type: "agent.paused", subject: { type: "agent", id: w.ceo.id }, data: { agentId: w.ceo.id, name: w.ceo.name, reason: "board" } }));
  return (await db().event.findUniqueOrThrow({ where: { id } })) as unknown as OutboxEvent;
}

const fanOut = (events: OutboxEvent[]) => db().$transaction((tx) => fanOutEmail(tx, events));
const rowsOf = (eventId: string) => db().emailNotification.findMany({ where: { eventId }, orderBy: { userId: "asc" } });
const to = (address: string) => rx.messages.filter((m) => m.to && !Array.isArray(m.to) && m.to.value.some((v) => v.address === address));

describe("email notifications", () => {
  it("mails each board member of the event's company once, however many relays and senders race", async () => {
    const w = await createWorld();
    const member = await createUser();
    await addMember(w.company.id, member.id, "member");
    const outsider = await createWorld(); // another company's board: never mailed about w's events
    const event = await pausedEvent(w);

    await Promise.all([fanOut([event]), fanOut([event]), fanOut([event])]);
    const rows = await rowsOf(event.id);
    expect(rows.map((r) => r.userId).sort()).toEqual([w.owner.id, member.id].sort());
    expect(rows.every((r) => r.mode === "immediate" && r.status === "pending")).toBe(true);

    const sent = await Promise.all(rows.flatMap((r) => [sendEmailNotification(r.id), sendEmailNotification(r.id)]));
    expect(sent.filter(Boolean)).toHaveLength(2);
    await waitForMessages(rx, 2);
    expect(to(w.owner.email)).toHaveLength(1);
    expect(to(member.email)).toHaveLength(1);
    expect(to(outsider.owner.email)).toHaveLength(0);
    const [mail] = to(w.owner.email);
    expect(mail.subject).toBe(`[${w.company.name}] Agent paused: ${w.ceo.name}`);
    expect(mail.text).toContain(`/${w.company.issuePrefix}/agents/${w.ceo.urlKey}`);
    expect(mail.html).toContain(`href="http://`);
    expect((await rowsOf(event.id)).every((r) => r.status === "sent" && r.sentAt)).toBe(true);
  });

  it("applies preferences: not the selected type, mail turned off, or one's own action, gets no row", async () => {
    const w = await createWorld();
    const picky = await createUser();
    await addMember(w.company.id, picky.id, "admin");
    await db().notificationPreference.create({ data: { userId: picky.id, enabled: true, mode: "immediate", eventTypes: ["issue.created"] } });
    const off = await createUser();
    await addMember(w.company.id, off.id, "member");
    await db().notificationPreference.create({ data: { userId: off.id, enabled: false, mode: "immediate", eventTypes: ["agent.paused"] } });

    const byOwner = await pausedEvent(w, { userId: w.owner.id });
    await fanOut([byOwner]);
    expect(await rowsOf(byOwner.id)).toEqual([]);
  });

  it("gathers digest rows into one email per user, sent once", async () => {
    const w = await createWorld();
    await db().notificationPreference.create({ data: { userId: w.owner.id, enabled: true, mode: "hourly", eventTypes: ["agent.paused"] } });
    const events = [await pausedEvent(w), await pausedEvent(w)];
    await fanOut(events);
    expect((await db().emailNotification.findMany({ where: { userId: w.owner.id } })).map((r) => r.mode)).toEqual(["hourly", "hourly"]);
    expect(await sendEmailNotification((await rowsOf(events[0].id))[0].id)).toBe(false); // immediate sender leaves digest rows

    const before = to(w.owner.email).length;
    const [a, b] = await Promise.all([sendDigest(w.owner.id, "hourly"), sendDigest(w.owner.id, "hourly")]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    await expect.poll(() => to(w.owner.email).length).toBe(before + 1);
    const digest = to(w.owner.email).at(-1)!;
    expect(digest.subject).toBe("Your hourly Charter digest: 2 events");
    expect(digest.text!.match(/Agent paused/g)).toHaveLength(2);
    expect(await sendDigest(w.owner.id, "hourly")).toBe(false);
  });

  it("the received email's one-click link unsubscribes: later events make no row", async () => {
    const w = await createWorld();
    const first = await pausedEvent(w);
    await fanOut([first]);
    await sendEmailNotification((await rowsOf(first.id))[0].id);
    await expect.poll(() => to(w.owner.email).length).toBe(1);
    const header = to(w.owner.email)[0].headerLines.find((h) => h.key === "list-unsubscribe")!.line.replace(/\r\n\s+/g, " ");
    const url = /<([^>]+)>/.exec(header)![1];
    const res = await unsubscribePost(new Request(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" }));
    expect(res.status).toBe(200);

    const second = await pausedEvent(w);
    await fanOut([second]);
    expect(await rowsOf(second.id)).toEqual([]);
  });

  it("writes and sends nothing while SMTP_URL and MAIL_FROM are unset", async () => {
    const w = await createWorld();
    const event = await pausedEvent(w);
    setMail(null);
    try {
      await fanOut([event]);
      expect(await rowsOf(event.id)).toEqual([]);
    } finally {
      setMail(rx.url);
    }
    await fanOut([event]);
    const [row] = await rowsOf(event.id);
    setMail(null);
    try {
      expect(await sendEmailNotification(row.id)).toBe(false);
      expect((await db().emailNotification.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("pending");
    } finally {
      setMail(rx.url);
    }
  });
  // last: from here on this file's process runs the queue's handlers
  it("goes end to end: the relay fans out in its transaction and the queue's job sends it", async () => {
    const w = await createWorld();
    const event = await pausedEvent(w);
    await relayOutbox();
    await relayOutbox(); // a second pass finds the event dispatched
    expect(await rowsOf(event.id)).toHaveLength(1);
    await startJobs(1);
    await expect.poll(() => to(w.owner.email).length, { timeout: 30_000 }).toBe(1);
    await expect.poll(async () => (await rowsOf(event.id))[0].status).toBe("sent");
  });
});
