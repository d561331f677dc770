// Where invite links point (PUBLIC_BASE_URL, else the address the board was opened at) and the HTTP
// status the invite page answers with for each state of a link (the proxy in proxy.ts reads it).
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { isLoopbackUrl } from "@/lib/loopback";
import { boardInvitePageStatus } from "@/lib/services/board-invite-state";
import { client } from "../support/api";
import { setOAuthEnv } from "../support/oauth";
import { createWorld } from "../factories";

afterEach(() => setOAuthEnv({ PUBLIC_BASE_URL: undefined }));

async function links(w: Awaited<ReturnType<typeof createWorld>>, host: string) {
  const board = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/board-invites`, { role: "viewer" }, { headers: { host } });
  const agent = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/gateway/invite-prompt`, {}, { headers: { host } });
  expect([board.status, agent.status]).toEqual([201, 201]);
  return { board: board.body.url as string, onboarding: agent.body.onboardingUrl as string, accept: agent.body.acceptUrl as string };
}

describe("invite links", () => {
  it("point at the address the board was opened at when no public address is set: a loopback one says so", async () => {
    const w = await createWorld();
    const local = await links(w, "localhost:3100");
    expect(local.board).toMatch(/^http:\/\/localhost:3100\/invite\/chk_join_/);
    expect(local.onboarding).toMatch(/^http:\/\/localhost:3100\/api\/invites\/chk_inv_.+\/onboarding\.txt$/);
    expect([isLoopbackUrl(local.board), isLoopbackUrl(local.onboarding)]).toEqual([true, true]);
    const lan = await links(w, "192.168.1.20:3100");
    expect(lan.board).toMatch(/^http:\/\/192\.168\.1\.20:3100\/invite\//);
    expect(isLoopbackUrl(lan.board)).toBe(false);
  });

  it("use PUBLIC_BASE_URL when it is set, whatever address the board was opened at", async () => {
    setOAuthEnv({ PUBLIC_BASE_URL: "https://charter.example.com/" });
    const w = await createWorld();
    const { board, onboarding, accept } = await links(w, "127.0.0.1:3100");
    expect(board).toMatch(/^https:\/\/charter\.example\.com\/invite\/chk_join_[A-Za-z0-9_-]+$/);
    expect(onboarding).toMatch(/^https:\/\/charter\.example\.com\/api\/invites\//);
    expect(accept).toMatch(/^https:\/\/charter\.example\.com\/api\/invites\/.+\/accept$/);
    const token = new URL(onboarding).pathname.split("/")[3];
    const text = await client(null).get(`/api/invites/${token}/onboarding.txt`, { headers: { host: "localhost:3100" } });
    expect(text.text).toContain(`POST https://charter.example.com/api/invites/${token}/accept`);
    expect(text.text).not.toContain("localhost");
  });
});

describe("the invite page's status", () => {
  it("is 200 for a live link, 410 once used or expired, 404 for an unknown or withdrawn one", async () => {
    const w = await createWorld();
    const mint = async () => (await client(w.tokens.owner).post(`/api/companies/${w.company.id}/board-invites`, { role: "viewer" })).body as { id: string; token: string };
    const [live, used, expired, revoked] = [await mint(), await mint(), await mint(), await mint()];
    const joined = await client(null).post(`/api/board-invites/${used.token}/sign-up`, { name: "U", email: `u-${Date.now()}@example.test`, password: "correct horse" });
    expect(joined.status).toBe(201);
    await db().boardInvite.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await client(w.tokens.owner).delete(`/api/companies/${w.company.id}/board-invites/${revoked.id}`)).status).toBe(204);
    const statuses = await Promise.all([live.token, used.token, expired.token, revoked.token, "chk_join_nope", "garbage", ""].map((t) => boardInvitePageStatus(db(), t)));
    expect(statuses).toEqual([200, 410, 410, 404, 404, 404, 404]);
    // the API's own answers stay as they were: used 409, withdrawn or expired 410, unknown 404
    const body = { name: "N", email: `n-${Date.now()}@example.test`, password: "correct horse" };
    const api = await Promise.all([used, revoked, expired].map((i) => client(null).post(`/api/board-invites/${i.token}/sign-up`, body)));
    expect(api.map((r) => r.status)).toEqual([409, 410, 410]);
  });
});
