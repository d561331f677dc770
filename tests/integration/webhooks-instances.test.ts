// Deliveries across processes: two delivering processes send each event once, and a process killed
// with SIGKILL mid-batch loses nothing and repeats at most the attempt it had in flight (same webhook-id).
import { execFile, spawn } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { drainSubscription } from "@/lib/services/webhooks/drain";
import { startReceiver } from "../support/webhook-receiver";
import { fanOut, subscribe } from "../support/webhook-world";

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, "../support/webhook-drain-process.mjs");
const env = () => ({ ...process.env, CHARTER_WEBHOOK_ALLOW_PRIVATE: "1" });
beforeAll(() => { process.env.CHARTER_WEBHOOK_ALLOW_PRIVATE = "1"; resetEnvCache(); });
afterAll(() => { process.env.CHARTER_WEBHOOK_ALLOW_PRIVATE = "0"; resetEnvCache(); });

describe("webhook delivery across processes", () => {
  it("two delivering processes send each of 40 events exactly once, in order", { timeout: 240_000 }, async () => {
    const rx = await startReceiver((_r, _n, res) => setTimeout(() => res.end("ok"), 5));
    try {
      const { w, sub } = await subscribe(rx.url);
      const ids = await fanOut(w.company.id, 40);
      const outputs = await Promise.all([0, 1].map(() => run(process.execPath, [script, sub.id], { env: env(), timeout: 200_000 })));
      const delivered = outputs.map((o) => JSON.parse(o.stdout).delivered as number);
      expect(delivered.reduce((a, b) => a + b, 0)).toBe(40);
      expect(rx.received.map((r) => r.headers["webhook-id"])).toEqual(ids);
    } finally {
      await rx.close();
    }
  });

  it("kill -9 of the delivering process mid-batch loses nothing; only the attempt in flight is repeated", { timeout: 240_000 }, async () => {
    let onThird: () => void = () => undefined;
    const third = new Promise<void>((resolve) => { onThird = resolve; });
    const rx = await startReceiver((_r, n, res) => {
      if (n === 3) { onThird(); return; } // holds the third attempt open until its sender dies
      res.end("ok");
    });
    try {
      const { w, sub } = await subscribe(rx.url);
      const ids = await fanOut(w.company.id, 6);
      const child = spawn(process.execPath, [script, sub.id], { env: env(), stdio: "ignore" });
      const exited = new Promise((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
      await third;
      child.kill("SIGKILL");
      expect(await exited).toBe("SIGKILL");
      const inFlight = await db().webhookDelivery.findFirstOrThrow({ where: { eventId: ids[2] } });
      expect(inFlight).toMatchObject({ status: "pending", attempts: 1 });
      expect(inFlight.leaseUntil!.getTime()).toBeGreaterThan(Date.now());
      // the lease keeps the attempt in flight to itself until it runs out
      expect(await drainSubscription(db(), sub.id, "http://charter.test")).toBe(0);
      await db().webhookDelivery.update({ where: { id: inFlight.id }, data: { leaseUntil: new Date(Date.now() - 1) } });
      expect(await drainSubscription(db(), sub.id, "http://charter.test")).toBe(4);
      expect(rx.received.map((r) => r.headers["webhook-id"])).toEqual([ids[0], ids[1], ids[2], ...ids.slice(2)]);
      expect(await db().webhookDelivery.count({ where: { subscriptionId: sub.id, status: "delivered" } })).toBe(6);
    } finally {
      await rx.close();
    }
  });
});
