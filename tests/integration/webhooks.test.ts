// The subscriptions API: board owners and admins only, the secret once, rotation, 422s for targets
// and event types Charter refuses, the delivery log, test-send and redelivery.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { client } from "../support/api";
import { createBoardUser, createWorld } from "../factories";

const setPrivate = (on: boolean) => {
  process.env.CHARTER_WEBHOOK_ALLOW_PRIVATE = on ? "1" : "0";
  resetEnvCache();
};
beforeAll(() => setPrivate(true));
afterAll(() => setPrivate(false));

const hook = { url: "http://127.0.0.1:9/hook", eventTypes: ["approval.created", "issue.created"] };

describe("webhook subscriptions", () => {
  it("creates one with its secret shown once; reads never carry it", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const res = await api.post(`/api/companies/${w.company.id}/webhooks`, { ...hook, description: "ops" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ url: hook.url, format: "standard", enabled: true, eventTypes: hook.eventTypes, description: "ops" });
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await api.get(`/api/companies/${w.company.id}/webhooks`);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).not.toHaveProperty("secret");
    expect((await api.get(`/api/webhooks/${res.body.id}`)).body).not.toHaveProperty("secret");
    const row = await db().webhookSubscription.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.secretEncrypted).not.toContain(res.body.secret.slice(6));
    expect(await db().activityLog.count({ where: { entityId: res.body.id, action: "webhook.created" } })).toBe(1);
  });

  it("is refused to agents, members and viewers (403)", async () => {
    const w = await createWorld();
    const url = `/api/companies/${w.company.id}/webhooks`;
    expect((await client(w.tokens.ceo).post(url, hook)).status).toBe(403);
    expect((await client(w.tokens.ceo).get(url)).status).toBe(403);
    for (const role of ["member", "viewer"] as const) {
      const user = await createBoardUser({ companyId: w.company.id, role });
      expect((await client(user.token).post(url, hook)).status, role).toBe(403);
    }
    const admin = await createBoardUser({ companyId: w.company.id, role: "admin" });
    expect((await client(admin.token).post(url, hook)).status).toBe(201);
  });

  it("answers 422 for an unknown event type, naming it, and 400 for a malformed body", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const url = `/api/companies/${w.company.id}/webhooks`;
    const res = await api.post(url, { ...hook, eventTypes: ["issue.created", "issue.exploded"] });
    expect(res.status).toBe(422);
    expect(res.body.error).toContain("issue.exploded");
    expect((await api.post(url, { ...hook, eventTypes: [] })).status).toBe(400);
    expect((await api.post(url, { ...hook, format: "teams" })).status).toBe(400);
    expect((await api.post(url, { ...hook, secret: "mine" })).status).toBe(400);
    expect(await db().webhookSubscription.count({ where: { companyId: w.company.id } })).toBe(0);
  });

  it("refuses http, credentials, loopback names and link-local targets unless allowed (422)", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const url = `/api/companies/${w.company.id}/webhooks`;
    const at = (u: string) => api.post(url, { ...hook, url: u });
    expect((await at("https://user:pw@example.com/hook")).status).toBe(422);
    expect((await at("http://169.254.169.254/latest")).status).toBe(422);
    setPrivate(false);
    try {
      for (const target of ["http://example.com/hook", "https://127.0.0.1/hook", "https://localhost:8443/hook", "https://10.1.2.3/",
        "https://[::1]/", "https://[::ffff:192.168.0.1]/", "ftp://example.com/"]) {
        const res = await at(target);
        expect(res.status, target).toBe(422);
        expect(res.body.details[0].path).toBe("body.url");
      }
    } finally {
      setPrivate(true);
    }
    expect(await db().webhookSubscription.count({ where: { companyId: w.company.id } })).toBe(0);
  });

  it("updates, rotates with the old secret kept for 24 h, and deletes", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const created = (await api.post(`/api/companies/${w.company.id}/webhooks`, hook)).body;
    const patched = await api.patch(`/api/webhooks/${created.id}`, { enabled: false, eventTypes: ["run.failed"] });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ enabled: false, eventTypes: ["run.failed"] });
    expect((await api.patch(`/api/webhooks/${created.id}`, { eventTypes: ["nope"] })).status).toBe(422);
    const rotated = await api.post(`/api/webhooks/${created.id}/rotate-secret`);
    expect(rotated.status).toBe(201);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.secret);
    const overlap = Date.parse(rotated.body.previousSecretExpiresAt) - Date.now();
    expect(overlap).toBeGreaterThan(23.9 * 3600_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3600_000);
    expect((await api.delete(`/api/webhooks/${created.id}`)).status).toBe(204);
    expect((await api.get(`/api/webhooks/${created.id}`)).status).toBe(404);
  });

  it("test-send queues a webhook.test delivery to that subscription only (202); the log lists it; redeliver is 202", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const a = (await api.post(`/api/companies/${w.company.id}/webhooks`, hook)).body;
    const b = (await api.post(`/api/companies/${w.company.id}/webhooks`, hook)).body;
    const sent = await api.post(`/api/webhooks/${a.id}/test`);
    expect(sent.status).toBe(202);
    const log = await api.get(`/api/webhooks/${a.id}/deliveries`);
    expect(log.body).toEqual([expect.objectContaining({ id: sent.body.deliveryId, eventType: "webhook.test", status: "pending", attempts: 0 })]);
    expect((await api.get(`/api/webhooks/${b.id}/deliveries`)).body).toEqual([]);
    await db().webhookDelivery.update({ where: { id: sent.body.deliveryId }, data: { status: "failed", attempts: 20 } });
    const again = await api.post(`/api/webhook-deliveries/${sent.body.deliveryId}/redeliver`);
    expect(again.status).toBe(202);
    expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id: sent.body.deliveryId } })).toMatchObject({ status: "pending", attempts: 0 });
    expect((await client(w.tokens.ceo).post(`/api/webhook-deliveries/${sent.body.deliveryId}/redeliver`)).status).toBe(403);
  });
});
