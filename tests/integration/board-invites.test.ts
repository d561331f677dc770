import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { digestToken } from "@/lib/auth/tokens";
import { verifyPassword } from "@/lib/auth/password";
import { client } from "../support/api";
import { createBoardUser, createUser, createWorld, mintBoardToken } from "../factories";

const anonymous = client(null);

async function invite(token: string, companyId: string, body: Record<string, unknown> = { role: "viewer" }) {
  const res = await client(token).post(`/api/companies/${companyId}/board-invites`, body);
  expect(res.status).toBe(201);
  return res.body as { id: string; token: string; url: string; role: string; email: string | null; expiresAt: string };
}

describe("board invites", () => {
  it("an owner invites by link; a newcomer signs up with it once and joins with its role", async () => {
    const w = await createWorld();
    const created = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/board-invites`, { role: "viewer" });
    expect(created.status).toBe(201);
    expect(created.headers.get("cache-control")).toBe("no-store");
    const inv = created.body;
    expect(inv).toMatchObject({ companyId: w.company.id, role: "viewer", email: null, createdByUserId: w.owner.id });
    expect(inv.token).toMatch(/^chk_join_/);
    expect(inv.url).toMatch(new RegExp(`/invite/${inv.token}$`));
    const days = (Date.parse(inv.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    // only the digest is stored
    const row = await db().boardInvite.findUniqueOrThrow({ where: { id: inv.id } });
    expect(row.tokenHash).toBe(digestToken(inv.token));
    expect(JSON.stringify(row)).not.toContain(inv.token);

    const listed = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/board-invites`);
    expect(listed.body.map((i: { id: string }) => i.id)).toEqual([inv.id]);
    expect(listed.body[0]).not.toHaveProperty("token");

    const email = `new-${Date.now()}@example.test`;
    const joined = await anonymous.post(`/api/board-invites/${inv.token}/sign-up`, { name: "Nia New", email: email.toUpperCase(), password: "correct horse" });
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ companyId: w.company.id, issuePrefix: w.company.issuePrefix, email, role: "viewer" });
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    expect(user.name).toBe("Nia New");
    expect(await verifyPassword(user.passwordHash, "correct horse")).toBe(true);
    expect(await db().membership.findUnique({ where: { companyId_userId: { companyId: w.company.id, userId: user.id } } })).toMatchObject({ role: "viewer" });
    expect(await db().boardInvite.findUniqueOrThrow({ where: { id: inv.id } })).toMatchObject({ acceptedByUserId: user.id });
    const created_ = await db().activityLog.findFirstOrThrow({ where: { companyId: w.company.id, action: "board_invite.created" } });
    expect(created_.details).toEqual({ role: "viewer", forEmail: false });
    const activity = await db().activityLog.findFirstOrThrow({ where: { companyId: w.company.id, action: "member.joined" } });
    expect(activity).toMatchObject({ actorType: "user", actorId: user.id, entityType: "user", entityId: user.id });

    // single use: the link is spent, for anyone
    const again = await anonymous.post(`/api/board-invites/${inv.token}/sign-up`, { name: "X", email: "x-" + email, password: "correct horse" });
    expect(again.status).toBe(409);
    expect(again.body.details).toEqual({ state: "used" });
    const other = await createBoardUser();
    expect((await client(other.token).post(`/api/board-invites/${inv.token}/accept`)).status).toBe(409);
    expect((await client(w.tokens.owner).get(`/api/companies/${w.company.id}/board-invites`)).body).toEqual([]);
  });

  it("a signed-in user accepts; an invite naming an email admits only that account; members cannot join twice", async () => {
    const w = await createWorld();
    const alice = await createUser();
    const bob = await createUser();
    const inv = await invite(w.tokens.owner, w.company.id, { role: "member", email: alice.email.toUpperCase() });
    expect(inv.email).toBe(alice.email);

    const asBob = await client(await mintBoardToken(bob.id)).post(`/api/board-invites/${inv.token}/accept`);
    expect(asBob.status).toBe(403);
    const bobSignUp = await anonymous.post(`/api/board-invites/${inv.token}/sign-up`, { name: "B", email: "b-other@example.test", password: "12345678" });
    expect(bobSignUp.status).toBe(403);
    expect(await db().user.count({ where: { email: "b-other@example.test" } })).toBe(0);

    // an existing account must sign in rather than sign up
    const aliceSignUp = await anonymous.post(`/api/board-invites/${inv.token}/sign-up`, { name: "A", email: alice.email, password: "12345678" });
    expect(aliceSignUp.status).toBe(409);
    expect(aliceSignUp.body.details).toEqual([{ path: "body.email", message: expect.any(String) }]);

    const accepted = await client(await mintBoardToken(alice.id)).post(`/api/board-invites/${inv.token}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ userId: alice.id, role: "member" });

    // the owner is a member already: 409, and the invite stays open for someone else
    const second = await invite(w.tokens.owner, w.company.id, { role: "viewer" });
    const dup = await client(w.tokens.owner).post(`/api/board-invites/${second.token}/accept`);
    expect(dup.status).toBe(409);
    expect(await db().boardInvite.findUniqueOrThrow({ where: { id: second.id } })).toMatchObject({ acceptedAt: null });
    // agents cannot accept board invites
    expect((await client(w.tokens.ceo).post(`/api/board-invites/${second.token}/accept`)).status).toBe(403);
    expect((await anonymous.post(`/api/board-invites/${second.token}/accept`)).status).toBe(401);
  });

  it("unknown, malformed, revoked and expired links are refused without a 500", async () => {
    const w = await createWorld();
    const body = { name: "N", email: `n-${Date.now()}@example.test`, password: "12345678" };
    for (const token of ["chk_join_nope", "garbage", "chk_inv_" + "a".repeat(43)]) {
      const res = await anonymous.post(`/api/board-invites/${token}/sign-up`, body);
      expect(res.status).toBe(404);
    }
    const revoked = await invite(w.tokens.owner, w.company.id);
    expect((await client(w.tokens.owner).delete(`/api/companies/${w.company.id}/board-invites/${revoked.id}`)).status).toBe(204);
    const r = await anonymous.post(`/api/board-invites/${revoked.token}/sign-up`, body);
    expect([r.status, r.body.code, r.body.details]).toEqual([410, "invite_expired", { state: "revoked" }]);

    const expired = await invite(w.tokens.owner, w.company.id);
    await db().boardInvite.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const e = await anonymous.post(`/api/board-invites/${expired.token}/sign-up`, body);
    expect([e.status, e.body.details]).toEqual([410, { state: "expired" }]);
    expect((await client(w.tokens.owner).get(`/api/companies/${w.company.id}/board-invites`)).body).toEqual([]);
    expect(await db().user.count({ where: { email: body.email } })).toBe(0);

    const bad = await anonymous.post(`/api/board-invites/${expired.token}/sign-up`, { name: "", email: "not-an-email", password: "short" });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual(["body.email", "body.name", "body.password"]);
  });

  it("is single use under concurrency: one of many simultaneous accepts wins", async () => {
    const w = await createWorld();
    const inv = await invite(w.tokens.owner, w.company.id, { role: "member" });
    const users = await Promise.all(Array.from({ length: 6 }, () => createBoardUser()));
    const results = await Promise.all(users.map((u) => client(u.token).post(`/api/board-invites/${inv.token}/accept`)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const ids = users.map((u) => u.user.id);
    expect(await db().membership.count({ where: { companyId: w.company.id, userId: { in: ids } } })).toBe(1);
  });

  it("role rules: admins invite up to admin, only owners invite owners; viewers and agents cannot invite", async () => {
    const w = await createWorld();
    const admin = await createBoardUser({ companyId: w.company.id, role: "admin" });
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    const url = `/api/companies/${w.company.id}/board-invites`;
    expect((await client(admin.token).post(url, { role: "owner" })).status).toBe(403);
    expect((await client(admin.token).post(url, { role: "admin" })).status).toBe(201);
    expect((await client(viewer.token).post(url, { role: "viewer" })).status).toBe(403);
    expect((await client(viewer.token).get(url)).status).toBe(403);
    expect((await client(w.tokens.ceo).post(url, { role: "viewer" })).status).toBe(403);
    const ownerInvite = await invite(w.tokens.owner, w.company.id, { role: "owner" });
    expect((await client(admin.token).delete(`${url}/${ownerInvite.id}`)).status).toBe(403);
    expect((await client(w.tokens.owner).delete(`${url}/${ownerInvite.id}`)).status).toBe(204);
    expect((await client(w.tokens.owner).delete(`${url}/${ownerInvite.id}`)).status).toBe(204);

    // a used invite cannot be revoked
    const used = await invite(w.tokens.owner, w.company.id);
    const newcomer = await createBoardUser();
    expect((await client(newcomer.token).post(`/api/board-invites/${used.token}/accept`)).status).toBe(200);
    expect((await client(w.tokens.owner).delete(`${url}/${used.id}`)).status).toBe(422);
    expect((await client(w.tokens.owner).post(url, { role: "boss" })).status).toBe(400);
  });

  it("another company's caller gets 404 and nothing changes", async () => {
    const w = await createWorld();
    const outsider = await createWorld();
    const inv = await invite(w.tokens.owner, w.company.id);
    const before = await db().boardInvite.findMany({ where: { companyId: w.company.id } });
    const asOutsider = client(outsider.tokens.owner);
    for (const res of [
      await asOutsider.get(`/api/companies/${w.company.id}/board-invites`),
      await asOutsider.post(`/api/companies/${w.company.id}/board-invites`, { role: "viewer" }),
      await asOutsider.delete(`/api/companies/${w.company.id}/board-invites/${inv.id}`),
      await asOutsider.delete(`/api/companies/${outsider.company.id}/board-invites/${inv.id}`),
      await client(outsider.tokens.ceo).get(`/api/companies/${w.company.id}/board-invites`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
    expect(await db().boardInvite.findMany({ where: { companyId: w.company.id } })).toEqual(before);
  });
});
