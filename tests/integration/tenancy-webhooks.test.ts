// Tenancy of webhooks: another company's caller (board owner or agent) gets 404 not_found for every
// webhook endpoint, never 403, and the victim's subscriptions and deliveries are unchanged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { client } from "../support/api";
import { companySnapshot } from "../support/snapshot";
import { sendCase } from "../support/tenancy";
import { createWorld } from "../factories";
import { cases } from "./tenancy-cases/webhooks";

beforeAll(() => { process.env.CHARTER_WEBHOOK_ALLOW_PRIVATE = "1"; resetEnvCache(); });
afterAll(() => { process.env.CHARTER_WEBHOOK_ALLOW_PRIVATE = "0"; resetEnvCache(); });

async function twoCompanies() {
  const victim = await createWorld();
  const attacker = await createWorld();
  const owner = client(victim.tokens.owner);
  const hook = (await owner.post(`/api/companies/${victim.company.id}/webhooks`, { url: "http://127.0.0.1:9/victim", eventTypes: ["issue.created"] })).body;
  const sent = (await owner.post(`/api/webhooks/${hook.id}/test`)).body;
  for (const made of [hook.id, sent.deliveryId]) expect(made).toBeTruthy();
  return { victim, attacker, refs: { webhookId: hook.id as string, deliveryId: sent.deliveryId as string } };
}

export type World = Awaited<ReturnType<typeof twoCompanies>>;

const snapshot = async (companyId: string) => ({
  ...(await companySnapshot(companyId)),
  subscriptions: await db().webhookSubscription.findMany({ where: { companyId }, orderBy: { id: "asc" } }),
  deliveries: await db().webhookDelivery.findMany({ where: { companyId }, orderBy: { id: "asc" } }),
});

const callers = [
  { kind: "board owner of another company", token: (w: World) => w.attacker.tokens.owner },
  { kind: "agent of another company", token: (w: World) => w.attacker.tokens.ceo },
] as const;


describe("tenancy of webhooks: another company's caller gets 404 and changes nothing", () => {
  for (const caller of callers) {
    for (const tc of cases) {
      it(`${tc.name} as ${caller.kind}`, async () => {
        const w = await twoCompanies();
        const before = await snapshot(w.victim.company.id);
        const res = await sendCase(caller.token(w), tc, w);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: "not_found", requestId: res.headers.get("x-request-id") });
        expect(await snapshot(w.victim.company.id)).toEqual(before);
      });
    }
  }

  it("the same requests by the victim's own owner are not 404, so the 404s above are about tenancy", async () => {
    const w = await twoCompanies();
    for (const tc of cases.filter((c) => c.method !== "DELETE")) {
      expect((await sendCase(w.victim.tokens.owner, tc, w)).status, tc.name).not.toBe(404);
    }
  });
});
