// The worker tick's email sweep: a pending row whose job is gone is sent once the sweep re-kicks it,
// a digest whose hour passed is sent, and a row another sender holds is neither kicked nor mailed twice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { emitEvent } from "@/lib/services/outbox/emit";
import { sweepEmail } from "@/lib/services/notifications/sweep";
import "@/lib/services/notifications/jobs";
import { startJobs, stopJobs } from "@/lib/runtime/jobs";
import { addMember, createUser, createWorld } from "../factories";
import { setMail, startSmtpReceiver, waitForMessages, type SmtpReceiver } from "../support/smtp";

let rx: SmtpReceiver;
beforeAll(async () => { rx = await startSmtpReceiver(); setMail(rx.url); });
afterAll(async () => { setMail(null); await stopJobs(); await rx.close(); });

type World = Awaited<ReturnType<typeof createWorld>>;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

async function pausedEventId(w: World): Promise<string> {
  return db().$transaction((tx) => emitEvent(tx, null, {
    companyId: w.company.id, type: "agent.paused", subject: { type: "agent", id: w.ceo.id }, data: { agentId: w.ceo.id, name: w.ceo.name, reason: "board" },
  }));
}

/** A pending row written without its job, as if the job had given up or been lost. */
const orphanRow = async (w: World, userId: string, extra: { mode?: "immediate" | "hourly"; leaseUntil?: Date; createdAt: Date }) =>
  db().emailNotification.create({
    data: { userId, companyId: w.company.id, eventId: await pausedEventId(w), eventType: "agent.paused", mode: extra.mode ?? "immediate", leaseUntil: extra.leaseUntil ?? null, createdAt: extra.createdAt },
  });

const to = (address: string) => rx.messages.filter((m) => m.to && !Array.isArray(m.to) && m.to.value.some((v) => v.address === address));

describe("email sweep", () => {
  it("re-kicks a lost immediate row and a passed digest; leaves a leased row and a fresh one to their senders", async () => {
    const w = await createWorld();
    const holder = await createUser();
    const fresh = await createUser();
    const digestUser = await createUser();
    for (const u of [holder, fresh, digestUser]) await addMember(w.company.id, u.id, "member");
    const lost = await orphanRow(w, w.owner.id, { createdAt: minutesAgo(10) });
    // another sender is mid-send: its lease has not passed
    const leased = await orphanRow(w, holder.id, { createdAt: minutesAgo(10), leaseUntil: new Date(Date.now() + 5 * 60_000) });
    await orphanRow(w, fresh.id, { createdAt: new Date() }); // its own job still has time
    const digest = await orphanRow(w, digestUser.id, { mode: "hourly", createdAt: minutesAgo(125) });

    expect(await sweepEmail()).toEqual({ immediate: 1, digests: 1 });
    await startJobs(1);
    await waitForMessages(rx, 2);
    expect(await sweepEmail()).toEqual({ immediate: 0, digests: 0 }); // sent: nothing left to kick
    await new Promise((r) => setTimeout(r, 1500));
    expect(to(w.owner.email)).toHaveLength(1);
    expect(to(digestUser.email)).toHaveLength(1);
    expect(to(holder.email)).toHaveLength(0);
    expect(to(fresh.email)).toHaveLength(0);
    expect(await db().emailNotification.findUniqueOrThrow({ where: { id: lost.id } })).toMatchObject({ status: "sent", attempts: 1 });
    expect(await db().emailNotification.findUniqueOrThrow({ where: { id: digest.id } })).toMatchObject({ status: "sent" });
    expect(await db().emailNotification.findUniqueOrThrow({ where: { id: leased.id } })).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("kicks nothing while mail is off", async () => {
    const w = await createWorld();
    await orphanRow(w, w.owner.id, { createdAt: minutesAgo(10) });
    setMail(null);
    try {
      expect(await sweepEmail()).toEqual({ immediate: 0, digests: 0 });
    } finally {
      setMail(rx.url);
    }
  });
});
