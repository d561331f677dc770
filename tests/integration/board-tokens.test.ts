// Board tokens for scripts and CI (docs/design.md §3), and GET /api/board/me.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { digestToken } from "@/lib/auth/tokens";
import { client } from "../support/api";
import { sessionCookie } from "../support/oauth";
import { createBoardUser, createWorld } from "../factories";

describe("POST /api/board/tokens", () => {
  it("mints a token for the calling board user that then works", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.owner).post("/api/board/tokens", { name: "ci" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String), name: "ci", token: expect.stringMatching(/^chk_board_[A-Za-z0-9_-]{43,}$/),
      createdAt: expect.any(String), expiresAt: null, revokedAt: null,
    });
    const row = await db().boardToken.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({ userId: w.owner.id, tokenHash: digestToken(res.body.token) });
    const me = await client(res.body.token).get("/api/board/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: w.owner.id, email: w.owner.email, isInstanceAdmin: false, memberships: [{ companyId: w.company.id, role: "owner" }] });
    expect((await client(res.body.token).get(`/api/companies/${w.company.id}`)).status).toBe(200);
  });

  it("defaults the name, and refuses agents with 403", async () => {
    const w = await createWorld();
    const unnamed = await client(w.tokens.owner).post("/api/board/tokens");
    expect(unnamed.status).toBe(201);
    expect(unnamed.body.name).toBe("board token");
    const count = await db().boardToken.count();
    for (const token of [w.tokens.ceo, w.tokens.engineer]) {
      const res = await client(token).post("/api/board/tokens", { name: "agent wants one" });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("forbidden");
    }
    expect(await db().boardToken.count()).toBe(count);
  });

  it("refuses a bad body with 400", async () => {
    const w = await createWorld();
    for (const body of [{ name: "" }, { name: 1 }, { scope: "all" }]) {
      expect((await client(w.tokens.owner).post("/api/board/tokens", body)).status).toBe(400);
    }
  });
});

describe("GET /api/board/tokens", () => {
  it("lists only the caller's own tokens, without the token itself", async () => {
    const w = await createWorld();
    const other = await createBoardUser({ companyId: w.company.id, role: "admin" });
    const mine = await client(w.tokens.owner).post("/api/board/tokens", { name: "mine" });
    await client(other.token).post("/api/board/tokens", { name: "theirs" });
    const res = await client(w.tokens.owner).get("/api/board/tokens");
    expect(res.status).toBe(200);
    expect(res.body.map((t: { name: string }) => t.name).sort()).toEqual(["mine", "test"]);
    for (const t of res.body) expect(Object.keys(t).sort()).toEqual(["createdAt", "expiresAt", "id", "name", "revokedAt"]);
    expect(res.text).not.toContain(mine.body.token);
    expect((await client(w.tokens.ceo).get("/api/board/tokens")).status).toBe(403);
  });
});

describe("DELETE /api/board/tokens/:tokenId", () => {
  it("revokes: the token then gets 401", async () => {
    const w = await createWorld();
    const minted = await client(w.tokens.owner).post("/api/board/tokens", { name: "short-lived" });
    const del = await client(w.tokens.owner).delete(`/api/board/tokens/${minted.body.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ id: minted.body.id, revokedAt: expect.any(String) });
    const after = await client(minted.body.token).get("/api/board/me");
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toBe("Bearer");
    expect((await client(w.tokens.owner).get("/api/board/me")).status).toBe(200);
    const again = await client(w.tokens.owner).delete(`/api/board/tokens/${minted.body.id}`);
    expect(again.status).toBe(200);
    expect(again.body.revokedAt).toBe(del.body.revokedAt);
  });

  it("answers 404 for another user's token and leaves it working", async () => {
    const w = await createWorld();
    const other = await createBoardUser({ companyId: w.company.id, role: "member" });
    const theirs = await client(other.token).post("/api/board/tokens", { name: "theirs" });
    const res = await client(w.tokens.owner).delete(`/api/board/tokens/${theirs.body.id}`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
    expect((await client(theirs.body.token).get("/api/board/me")).status).toBe(200);
    expect((await client(w.tokens.ceo).delete(`/api/board/tokens/${theirs.body.id}`)).status).toBe(403);
  });

  it("an expired board token does not authenticate", async () => {
    const w = await createWorld();
    const minted = await client(w.tokens.owner).post("/api/board/tokens", { name: "expiring" });
    await db().boardToken.update({ where: { id: minted.body.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await client(minted.body.token).get("/api/board/me")).status).toBe(401);
  });
});

describe("GET /api/board/me", () => {
  it("is the board user's identity; agents are sent to /api/agents/me with 403", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.engineer).get("/api/board/me");
    expect(res.status).toBe(403);
    expect(res.body.error).toContain("/api/agents/me");
  });
});

describe("the board session", () => {
  it("authenticates its user with every membership; a deleted user or an id that is not a user's is 401, never a 500", async () => {
    const w = await createWorld();
    const other = await createWorld();
    await db().membership.create({ data: { companyId: other.company.id, userId: w.owner.id, role: "viewer" } });
    const asSession = async (userId: string) => client(null).get("/api/companies", { headers: { cookie: await sessionCookie(userId) } });
    const ok = await asSession(w.owner.id);
    expect(ok.status).toBe(200);
    expect(ok.body.map((c: { id: string }) => c.id).sort()).toEqual([w.company.id, other.company.id].sort());
    expect((await asSession("not-a-uuid")).status).toBe(401);
    const gone = await createBoardUser();
    await db().boardToken.deleteMany({ where: { userId: gone.user.id } });
    await db().user.delete({ where: { id: gone.user.id } });
    expect((await asSession(gone.user.id)).status).toBe(401);
  });
});
