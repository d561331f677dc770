// From the outbox to the receiver: an event committed with its change is fanned out by the relay and
// delivered by the queue's drain job; a rolled back one is never sent; the sweep re-kicks a lost kick.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { uuidv7 } from "@/lib/ids";
import { startJobs, stopJobs } from "@/lib/runtime/jobs";
import { sweepWebhooks } from "@/lib/runtime/webhook-jobs";
import { relayOutbox } from "@/lib/runtime/outbox-relay";
import { emitEvent } from "@/lib/services/outbox/emit";
import { startReceiver } from "../support/webhook-receiver";
import { subscribe } from "../support/webhook-world";

beforeAll(async () => {
  process.env.CHARTER_WEBHOOK_ALLOW_PRIVATE = "1";
  resetEnvCache();
  await startJobs(2);
});
afterAll(async () => {
  await stopJobs();
  process.env.CHARTER_WEBHOOK_ALLOW_PRIVATE = "0";
  resetEnvCache();
});

async function until(check: () => boolean | Promise<boolean>, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
}

const issueData = (title: string) => ({ issueId: uuidv7(), identifier: "T-1", title, status: "todo", priority: "medium", assigneeAgentId: null, parentId: null });

describe("outbox to webhook", () => {
  it("delivers a committed event through the relay and the drain job, and never a rolled back one", { timeout: 60_000 }, async () => {
    const rx = await startReceiver();
    try {
      const { w, sub } = await subscribe(rx.url);
      const subject = { type: "issue", id: uuidv7() };
      const committed = await db().$transaction((tx) => emitEvent(tx, null, { companyId: w.company.id, type: "issue.created", subject, data: issueData("kept") }));
      await db().$transaction(async (tx) => {
        await emitEvent(tx, null, { companyId: w.company.id, type: "issue.created", subject, data: issueData("rolled back") });
        throw new Error("roll back");
      }).catch(() => undefined);
      await relayOutbox();
      await until(() => rx.received.length >= 1);
      await new Promise((r) => setTimeout(r, 500));
      expect(rx.received.map((r) => r.headers["webhook-id"])).toEqual([committed]);
      expect(JSON.parse(rx.received[0].body).data.title).toBe("kept");
      expect(await db().webhookDelivery.findFirstOrThrow({ where: { subscriptionId: sub.id } })).toMatchObject({ status: "delivered", eventId: committed });
    } finally {
      await rx.close();
    }
  });

  it("the sweep kicks a subscription whose due delivery has no job (a lost kick)", { timeout: 60_000 }, async () => {
    const rx = await startReceiver();
    try {
      const { w, sub } = await subscribe(rx.url);
      const eventId = uuidv7();
      await db().webhookDelivery.create({
        data: { companyId: w.company.id, subscriptionId: sub.id, eventId, eventType: "issue.created", payload: { id: eventId, type: "issue.created", companyId: w.company.id, occurredAt: new Date().toISOString(), data: {} } },
      });
      await sweepWebhooks();
      await until(() => rx.received.length === 1);
      expect(rx.received[0].headers["webhook-id"]).toBe(eventId);
    } finally {
      await rx.close();
    }
  });
});
