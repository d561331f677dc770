// Retention of the outbox (docs/events.md, "Retention"): past CHARTER_EVENT_RETENTION_DAYS the prune
// deletes finished deliveries, sent emails and dispatched events, and keeps anything still pending and
// any event a pending email still needs.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { uuidv7 } from "@/lib/ids";
import { pruneEvents, uuidFloor } from "@/lib/services/outbox/retention";
import { createCompany, createUser } from "../factories";

const DAY = 86_400_000;

describe("pruneEvents", () => {
  it("uuidFloor sorts below every id of that millisecond and above every earlier one", () => {
    const at = Date.UTC(2026, 10, 28, 7, 0, 0);
    for (let i = 0; i < 50; i++) {
      expect(uuidv7(at) >= uuidFloor(new Date(at))).toBe(true);
      expect(uuidv7(at - 1) < uuidFloor(new Date(at))).toBe(true);
    }
  });

  it("deletes what is finished and past the limit, and keeps what is pending or recent", async () => {
    const company = await createCompany();
    const user = await createUser();
    const old = Date.now() - 31 * DAY;
    const recent = Date.now() - 29 * DAY;
    const event = async (at: number, dispatched: boolean) => (await db().event.create({
      data: { id: uuidv7(at), companyId: company.id, type: "issue.created", subjectType: "issue", subjectId: company.id, actorType: "system", data: {}, dispatchedAt: dispatched ? new Date(at) : null },
    })).id;
    const gone = await event(old, true);
    const undispatched = await event(old, false);
    const awaitedByEmail = await event(old, true);
    const young = await event(recent, true);
    const sub = await db().webhookSubscription.create({ data: { companyId: company.id, url: "https://example.test/hook", eventTypes: ["issue.created"], secretEncrypted: "x" } });
    const delivery = async (at: number, eventId: string, status: "pending" | "delivered" | "failed") => (await db().webhookDelivery.create({
      data: { id: uuidv7(at), companyId: company.id, subscriptionId: sub.id, eventId, eventType: "issue.created", payload: {}, status },
    })).id;
    const d = {
      delivered: await delivery(old, gone, "delivered"), failed: await delivery(old, undispatched, "failed"),
      pending: await delivery(old, awaitedByEmail, "pending"), young: await delivery(recent, young, "delivered"),
    };
    const email = async (at: number, eventId: string, status: "pending" | "sent") => (await db().emailNotification.create({
      data: { id: uuidv7(at), userId: user.id, companyId: company.id, eventId, eventType: "issue.created", mode: "daily", status },
    })).id;
    const sent = await email(old, gone, "sent");
    const waiting = await email(old, awaitedByEmail, "pending");

    const counts = await pruneEvents();
    expect(counts).toMatchObject({ events: expect.any(Number), deliveries: expect.any(Number), emails: expect.any(Number) });

    const events = new Set((await db().event.findMany({ where: { companyId: company.id }, select: { id: true } })).map((e) => e.id));
    expect(events).toEqual(new Set([undispatched, awaitedByEmail, young]));
    const deliveries = new Set((await db().webhookDelivery.findMany({ where: { subscriptionId: sub.id }, select: { id: true } })).map((r) => r.id));
    expect(deliveries).toEqual(new Set([d.pending, d.young]));
    const emails = new Set((await db().emailNotification.findMany({ where: { userId: user.id }, select: { id: true } })).map((r) => r.id));
    expect(emails).toEqual(new Set([waiting]));
    expect(sent).toBeTruthy();

    // once the email is sent, its event goes too
    await db().emailNotification.update({ where: { id: waiting }, data: { status: "sent", sentAt: new Date() } });
    await pruneEvents();
    expect(await db().event.findUnique({ where: { id: awaitedByEmail } })).toBeNull();
  });
});
