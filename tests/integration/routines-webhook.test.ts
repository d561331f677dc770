// Webhook triggers: the secret shown once, signed deliveries fire with their payload, anything
// unsigned, mis-signed or stale is 401 and changes nothing, a repeated delivery id answers the first
// run, a deleted trigger is 404, a body past 64 KiB is 413, and rotation retires the old secret.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { signDelivery } from "@/lib/services/routines/webhook";
import { call, client } from "../support/api";
import { createWorld } from "../factories";
import { makeRoutine, runsOf, type World } from "../support/routines";

async function webhook(w: World, routineId: string) {
  const res = await client(w.tokens.owner).post(`/api/routines/${routineId}/triggers`, { kind: "webhook" });
  expect(res.status).toBe(201);
  return res.body as { id: string; url: string; secret: string };
}

const pathOf = (url: string) => new URL(url).pathname;
const nowSec = () => String(Math.floor(Date.now() / 1000));

function deliver(url: string, secret: string, body: string, opts: { ts?: string; delivery?: string; signature?: string } = {}) {
  const ts = opts.ts ?? nowSec();
  const headers: Record<string, string> = {
    "content-type": "application/json", "x-charter-timestamp": ts, "x-charter-delivery": opts.delivery ?? `d-${Math.random()}`,
    "x-charter-signature": opts.signature ?? signDelivery(secret, ts, body),
  };
  return call("POST", pathOf(url), { rawBody: body, headers });
}

describe("webhook triggers", () => {
  it("show the secret once; a signed delivery fires with its payload and a title from it", async () => {
    const w = await createWorld();
    const r = await makeRoutine(w, { titleTemplate: "Deploy {{payload.service}} ({{payload.count}})" });
    const t = await webhook(w, r.id);
    expect(t.secret.length).toBeGreaterThanOrEqual(32);
    expect(t.url).toMatch(/\/api\/routine-triggers\/rtr_[\w-]+\/fire$/);
    const read = await client(w.tokens.owner).get(`/api/routines/${r.id}`);
    expect(read.body.triggers[0]).toMatchObject({ id: t.id, kind: "webhook", url: t.url });
    expect(JSON.stringify(read.body)).not.toContain(t.secret);
    const row = await db().routineTrigger.findUniqueOrThrow({ where: { id: t.id } });
    expect(row.secretEncrypted).not.toContain(t.secret);
    const body = JSON.stringify({ service: "billing", count: 3 });
    const res = await deliver(t.url, t.secret, body, { delivery: "evt-1" });
    expect(res.status, res.text).toBe(202);
    expect(res.body).toMatchObject({ source: "webhook", triggerId: t.id, status: "issue_created", deliveryId: "evt-1", payload: { service: "billing", count: 3 } });
    expect((await db().issue.findUniqueOrThrow({ where: { id: res.body.issueId } })).title).toBe("Deploy billing ()");
  });

  it("refuse a missing, malformed, wrong or stale signature with 401 and write nothing", async () => {
    const w = await createWorld();
    const r = await makeRoutine(w);
    const t = await webhook(w, r.id);
    const body = "{\"a\":1}";
    const ts = nowSec();
    const good = signDelivery(t.secret, ts, body);
    const cases = [
      { signature: "" },
      { signature: good.slice(7) },
      { signature: `sha1=${good.slice(7)}` },
      { signature: signDelivery("another-secret-another-secret-xx", ts, body), ts },
      { signature: signDelivery(t.secret, ts, "{\"a\":2}"), ts },
      // past the 5-minute window by a margin the requests before them cannot eat on a loaded machine
      { ts: String(Number(ts) - 330), signature: signDelivery(t.secret, String(Number(ts) - 330), body) },
      { ts: String(Number(ts) + 330), signature: signDelivery(t.secret, String(Number(ts) + 330), body) },
      { ts: "yesterday", signature: signDelivery(t.secret, "yesterday", body) },
    ];
    for (const c of cases) {
      const res = await deliver(t.url, t.secret, body, c);
      expect(res.status, JSON.stringify(c)).toBe(401);
      expect(res.body.code).toBe("unauthenticated");
    }
    const noHeaders = await call("POST", pathOf(t.url), { rawBody: body, headers: { "content-type": "application/json" } });
    expect(noHeaders.status).toBe(401);
    expect(await runsOf(r.id)).toEqual([]);
    expect(await db().issue.count({ where: { companyId: w.company.id } })).toBe(0);
    // inside the window, 4 minutes away, is accepted
    const skew = String(Number(ts) - 240);
    expect((await deliver(t.url, t.secret, body, { ts: skew, signature: signDelivery(t.secret, skew, body) })).status).toBe(202);
  });

  it("answer a repeated delivery id with the first run (200) and create nothing more", async () => {
    const w = await createWorld();
    const r = await makeRoutine(w, { concurrencyPolicy: "always_create" });
    const t = await webhook(w, r.id);
    const first = await deliver(t.url, t.secret, "{}", { delivery: "same" });
    expect(first.status).toBe(202);
    const again = await deliver(t.url, t.secret, "{\"other\":true}", { delivery: "same" });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    // racing retries of one delivery also make one run
    const racing = await Promise.all(Array.from({ length: 5 }, () => deliver(t.url, t.secret, "{}", { delivery: "race" })));
    expect(racing.map((x) => x.status).sort()).toEqual([200, 200, 200, 200, 202]);
    expect(new Set(racing.map((x) => x.body.id)).size).toBe(1);
    expect((await runsOf(r.id)).length).toBe(2);
    expect(await db().issue.count({ where: { companyId: w.company.id } })).toBe(2);
  });

  it("a deleted trigger's URL is 404; a body past 64 KiB is 413; a body that is not JSON is 400", async () => {
    const w = await createWorld();
    const r = await makeRoutine(w);
    const t = await webhook(w, r.id);
    const big = JSON.stringify({ blob: "x".repeat(64 * 1024) });
    expect((await deliver(t.url, t.secret, big)).status).toBe(413);
    expect((await deliver(t.url, t.secret, "not json")).status).toBe(400);
    expect((await deliver(t.url, t.secret, "{\"bad\":\"\\u0000\"}")).status).toBe(400);
    expect(await runsOf(r.id)).toEqual([]);
    expect((await client(w.tokens.owner).delete(`/api/routines/${r.id}/triggers/${t.id}`)).status).toBe(204);
    const gone = await deliver(t.url, t.secret, "{}");
    expect(gone.status).toBe(404);
    expect((await call("POST", "/api/routine-triggers/rtr_unknown/fire", { rawBody: "{}" })).status).toBe(404);
  });

  it("rotation shows a new secret once; the old one stops verifying", async () => {
    const w = await createWorld();
    const r = await makeRoutine(w, { concurrencyPolicy: "always_create" });
    const t = await webhook(w, r.id);
    const rotated = await client(w.tokens.owner).post(`/api/routines/${r.id}/triggers/${t.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(t.secret);
    expect(rotated.body.url).toBe(t.url);
    expect((await deliver(t.url, t.secret, "{}")).status).toBe(401);
    expect((await deliver(t.url, rotated.body.secret, "{}")).status).toBe(202);
    const schedule = await client(w.tokens.owner).post(`/api/routines/${r.id}/triggers`, { kind: "api" });
    expect((await client(w.tokens.owner).post(`/api/routines/${r.id}/triggers/${schedule.body.id}/rotate-secret`)).status).toBe(422);
  });
});
