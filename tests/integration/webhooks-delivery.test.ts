// Deliveries to real local receivers: Standard Webhooks signatures checked with the reference
// verifier, order, backoff and Retry-After, giving up after 24 h, redelivery, disabling after 3 days.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { drainSubscription } from "@/lib/services/webhooks/drain";
import { stopJobs } from "@/lib/runtime/jobs";
import { relayOutbox } from "@/lib/runtime/outbox-relay";
import { client } from "../support/api";
import { startReceiver } from "../support/webhook-receiver";
import { fanOut, subscribe } from "../support/webhook-world";
import { setMail } from "../support/smtp";

const BASE = "http://charter.test";
beforeAll(() => { process.env.CHARTER_WEBHOOK_ALLOW_PRIVATE = "1"; resetEnvCache(); });
afterAll(async () => { process.env.CHARTER_WEBHOOK_ALLOW_PRIVATE = "0"; resetEnvCache(); await stopJobs(); });

const deliveriesOf = (subscriptionId: string) => db().webhookDelivery.findMany({ where: { subscriptionId }, orderBy: { id: "asc" } });
const makeDue = (subscriptionId: string) => db().webhookDelivery.updateMany({ where: { subscriptionId, status: "pending" }, data: { nextAttemptAt: new Date() } });

describe("webhook delivery", () => {
  it("signs each delivery so the reference verifier accepts it, with the event id as webhook-id", async () => {
    const rx = await startReceiver();
    try {
      const { w, sub } = await subscribe(`${rx.url}/hook`);
      const ids = await fanOut(w.company.id, 3);
      expect(await drainSubscription(db(), sub.id, BASE)).toBe(3);
      expect(rx.received.map((r) => r.headers["webhook-id"])).toEqual(ids);
      for (const r of rx.received) {
        const payload = new Webhook(sub.secret).verify(r.body, r.headers) as Record<string, unknown>;
        expect(Object.keys(payload).sort()).toEqual(["companyId", "data", "id", "occurredAt", "type"]);
        expect(payload).toMatchObject({ id: r.headers["webhook-id"], type: "issue.created", companyId: w.company.id });
      }
      expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString("base64")}`).verify(rx.received[0].body, rx.received[0].headers)).toThrow();
      const rows = await deliveriesOf(sub.id);
      expect(rows.every((d) => d.status === "delivered" && d.attempts === 1 && d.lastStatusCode === 200 && d.durationMs !== null)).toBe(true);
    } finally {
      await rx.close();
    }
  });

  it("after a rotation signs with both secrets, each accepted by the verifier", async () => {
    const rx = await startReceiver();
    try {
      const { w, sub } = await subscribe(rx.url);
      const rotated = await client(w.tokens.owner).post(`/api/webhooks/${sub.id}/rotate-secret`);
      await fanOut(w.company.id, 1);
      await drainSubscription(db(), sub.id, BASE);
      const [r] = rx.received;
      expect(r.headers["webhook-signature"].split(" ")).toHaveLength(2);
      expect(new Webhook(sub.secret).verify(r.body, r.headers)).toBeTruthy();
      expect(new Webhook(rotated.body.secret).verify(r.body, r.headers)).toBeTruthy();
      await db().webhookSubscription.update({ where: { id: sub.id }, data: { previousSecretExpiresAt: new Date(Date.now() - 1000) } });
      await fanOut(w.company.id, 1);
      await drainSubscription(db(), sub.id, BASE);
      expect(() => new Webhook(sub.secret).verify(rx.received[1].body, rx.received[1].headers)).toThrow();
    } finally {
      await rx.close();
    }
  });

  it("retries a failure with backoff, in order: nothing behind it is sent first, and the retry keeps its webhook-id", async () => {
    const rx = await startReceiver((_r, n, res) => { res.statusCode = n === 1 ? 500 : 200; res.end(); });
    try {
      const { w, sub } = await subscribe(rx.url);
      const ids = await fanOut(w.company.id, 3);
      const before = Date.now();
      expect(await drainSubscription(db(), sub.id, BASE)).toBe(0);
      expect(rx.received).toHaveLength(1);
      const [head] = await deliveriesOf(sub.id);
      expect(head).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500, lastError: "HTTP 500" });
      const wait = head.nextAttemptAt.getTime() - before;
      expect(wait).toBeGreaterThanOrEqual(5_000);
      expect(wait).toBeLessThan(15_000);
      expect(await drainSubscription(db(), sub.id, BASE)).toBe(0); // not due yet
      await makeDue(sub.id);
      expect(await drainSubscription(db(), sub.id, BASE)).toBe(3);
      expect(rx.received.map((r) => r.headers["webhook-id"])).toEqual([ids[0], ...ids]);
      expect((await db().webhookSubscription.findUniqueOrThrow({ where: { id: sub.id } })).failingSince).toBeNull();
    } finally {
      await rx.close();
    }
  });

  it("honours Retry-After on 429 and 503", async () => {
    const rx = await startReceiver((_r, n, res) => { res.statusCode = n === 1 ? 429 : 503; res.setHeader("retry-after", n === 1 ? "600" : new Date(Date.now() + 3600_000).toUTCString()); res.end(); });
    try {
      const { w, sub } = await subscribe(rx.url);
      await fanOut(w.company.id, 1);
      await drainSubscription(db(), sub.id, BASE);
      const first = (await deliveriesOf(sub.id))[0];
      expect(first.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(590_000);
      await makeDue(sub.id);
      await drainSubscription(db(), sub.id, BASE);
      const second = (await deliveriesOf(sub.id))[0];
      expect(second.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(3500_000);
      expect(second).toMatchObject({ attempts: 2, lastStatusCode: 503 });
    } finally {
      await rx.close();
    }
  });

  it("fails a delivery tried for 24 h, lets the next one go, and redelivers it on request with the same webhook-id", async () => {
    let down = true;
    const rx = await startReceiver((_r, _n, res) => { res.statusCode = down ? 502 : 204; res.end(); });
    try {
      const { w, sub } = await subscribe(rx.url);
      const [first, second] = await fanOut(w.company.id, 2);
      await drainSubscription(db(), sub.id, BASE);
      await db().webhookDelivery.updateMany({ where: { eventId: first }, data: { firstAttemptAt: new Date(Date.now() - 24 * 3600_000 - 1000), nextAttemptAt: new Date() } });
      await drainSubscription(db(), sub.id, BASE);
      const rows = await deliveriesOf(sub.id);
      expect(rows[0]).toMatchObject({ eventId: first, status: "failed", attempts: 2 });
      expect(rows[1]).toMatchObject({ eventId: second, status: "pending", attempts: 1 }); // tried once the first gave up
      down = false;
      const res = await client(w.tokens.owner).post(`/api/webhook-deliveries/${rows[0].id}/redeliver`);
      expect(res.status).toBe(202);
      await makeDue(sub.id);
      expect(await drainSubscription(db(), sub.id, BASE)).toBe(2);
      expect(rx.received.map((r) => r.headers["webhook-id"]).slice(-2)).toEqual([first, second]);
      const log = await client(w.tokens.owner).get(`/api/webhooks/${sub.id}/deliveries`);
      expect(log.body.map((d: { status: string }) => d.status)).toEqual(["delivered", "delivered"]);
    } finally {
      await rx.close();
    }
  });

  it("disables a subscription failing for 3 days, with an activity row and an inbox item, and sends nothing more", async () => {
    const rx = await startReceiver((_r, _n, res) => { res.statusCode = 500; res.end(); });
    try {
      const { w, sub } = await subscribe(rx.url);
      await fanOut(w.company.id, 1);
      await drainSubscription(db(), sub.id, BASE);
      expect((await db().webhookSubscription.findUniqueOrThrow({ where: { id: sub.id } })).enabled).toBe(true);
      await db().webhookSubscription.update({ where: { id: sub.id }, data: { failingSince: new Date(Date.now() - 3 * 86400_000 - 1000) } });
      await makeDue(sub.id);
      await drainSubscription(db(), sub.id, BASE);
      const row = await db().webhookSubscription.findUniqueOrThrow({ where: { id: sub.id } });
      expect(row).toMatchObject({ enabled: false });
      expect(row.disabledAt).not.toBeNull();
      expect(await db().activityLog.count({ where: { entityId: sub.id, action: "webhook.disabled" } })).toBe(1);
      const inbox = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/inbox?kind=webhook_disabled`);
      expect(inbox.body).toEqual([expect.objectContaining({ key: `webhook:${sub.id}`, href: `/${w.company.issuePrefix}/settings/webhooks`, summary: rx.url })]);
      const sent = rx.received.length;
      await makeDue(sub.id);
      await drainSubscription(db(), sub.id, BASE);
      expect(rx.received).toHaveLength(sent);
      await fanOut(w.company.id, 1);
      expect(await db().webhookDelivery.count({ where: { subscriptionId: sub.id } })).toBe(1); // a disabled subscription gets no rows
      expect((await client(w.tokens.owner).patch(`/api/webhooks/${sub.id}`, { enabled: true })).body).toMatchObject({ enabled: true, failingSince: null, disabledAt: null });
      expect((await client(w.tokens.owner).get(`/api/companies/${w.company.id}/inbox?kind=webhook_disabled`)).body).toEqual([]);
    } finally {
      await rx.close();
    }
  });

  it("emits webhook.disabled with the disabling: to the company's other subscriptions and by email, never to the disabled one", async () => {
    const rx = await startReceiver((_r, _n, res) => { res.statusCode = 500; res.end(); });
    setMail("smtp://127.0.0.1:9"); // mail on: rows are made (nothing is sent in this test)
    try {
      const { w, sub } = await subscribe(rx.url, { eventTypes: ["issue.created", "webhook.disabled"] });
      const other = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/webhooks`, { url: `${rx.url}/other`, eventTypes: ["webhook.disabled"] });
      expect(other.status).toBe(201);
      await fanOut(w.company.id, 1);
      const failingSince = new Date(Date.now() - 3 * 86400_000 - 1000);
      await db().webhookSubscription.update({ where: { id: sub.id }, data: { failingSince } });
      await drainSubscription(db(), sub.id, BASE);
      const [event] = await db().event.findMany({ where: { companyId: w.company.id, type: "webhook.disabled" } });
      expect(event).toMatchObject({ subjectType: "webhook", subjectId: sub.id, actorType: "system" });
      expect(event.data).toMatchObject({ webhookId: sub.id, url: rx.url, failingSince: failingSince.toISOString(), reason: "failing" });
      await relayOutbox();
      const toOther = await db().webhookDelivery.findMany({ where: { subscriptionId: other.body.id } });
      expect(toOther).toEqual([expect.objectContaining({ eventId: event.id, eventType: "webhook.disabled", status: "pending" })]);
      expect(await db().webhookDelivery.count({ where: { subscriptionId: sub.id, eventType: "webhook.disabled" } })).toBe(0);
      const mails = await db().emailNotification.findMany({ where: { eventId: event.id } });
      expect(mails).toEqual([expect.objectContaining({ userId: w.owner.id, mode: "immediate" })]); // default preferences
    } finally {
      setMail(null);
      await rx.close();
    }
  });

  it("redeliver on a pending delivery retries it now (202), but one with an attempt in flight is 409 delivery_in_flight and not sent twice", async () => {
    const rx = await startReceiver();
    try {
      const { w, sub } = await subscribe(rx.url);
      await fanOut(w.company.id, 1);
      const [row] = await deliveriesOf(sub.id);
      const later = new Date(Date.now() + 3600_000);
      // another drain holds it: its attempt is on the wire
      const lease = new Date(Date.now() + 60_000);
      await db().webhookDelivery.update({ where: { id: row.id }, data: { attempts: 1, nextAttemptAt: later, leaseUntil: lease } });
      const busy = await client(w.tokens.owner).post(`/api/webhook-deliveries/${row.id}/redeliver`);
      expect(busy.status).toBe(409);
      expect(busy.body.code).toBe("delivery_in_flight");
      expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "pending", nextAttemptAt: later, leaseUntil: lease, attempts: 1 });
      expect(await db().activityLog.count({ where: { entityId: sub.id, action: "webhook.redelivered" } })).toBe(0);
      expect(await drainSubscription(db(), sub.id, BASE)).toBe(0);
      expect(rx.received).toHaveLength(0);
      // the attempt ended and left a retry for later: "retry now" brings it forward
      await db().webhookDelivery.update({ where: { id: row.id }, data: { leaseUntil: null } });
      expect((await client(w.tokens.owner).post(`/api/webhook-deliveries/${row.id}/redeliver`)).status).toBe(202);
      expect(await drainSubscription(db(), sub.id, BASE)).toBe(1);
      expect(rx.received.map((r) => r.headers["webhook-id"])).toEqual([row.eventId]);
    } finally {
      await rx.close();
    }
  });

  it("sends slack and discord messages linking to the subject's board page", async () => {
    const rx = await startReceiver();
    try {
      const slack = await subscribe(rx.url, { format: "slack", eventTypes: ["issue.created"] });
      await fanOut(slack.w.company.id, 1);
      await drainSubscription(db(), slack.sub.id, BASE);
      const body = JSON.parse(rx.received[0].body);
      expect(body.text).toBe("issue.created: Event 0");
      expect(body.blocks[0].text.text).toContain(`${BASE}/${slack.w.company.issuePrefix}/issues/`);
      const discord = await subscribe(rx.url, { format: "discord", eventTypes: ["issue.created"] });
      await fanOut(discord.w.company.id, 1);
      await drainSubscription(db(), discord.sub.id, BASE);
      expect(JSON.parse(rx.received[1].body).embeds[0]).toMatchObject({ title: "issue.created", url: expect.stringContaining(`/${discord.w.company.issuePrefix}/issues/`) });
    } finally {
      await rx.close();
    }
  });
});
