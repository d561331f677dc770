// The board user's colour theme: PATCH /api/board/me keeps it per user, GET /api/board/me reports it.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { sessionCookie } from "../support/oauth";
import { createBoardUser, createWorld } from "../factories";

const themeOf = async (userId: string) => (await db().user.findUniqueOrThrow({ where: { id: userId }, select: { theme: true } })).theme;

describe("PATCH /api/board/me", () => {
  it("keeps the theme for the caller only, and GET reports it", async () => {
    const w = await createWorld();
    const other = await createBoardUser({ companyId: w.company.id, role: "admin" });
    expect((await client(w.tokens.owner).get("/api/board/me")).body.theme).toBe("system");
    const res = await client(w.tokens.owner).patch("/api/board/me", { theme: "dark" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: w.owner.id, theme: "dark", memberships: [{ companyId: w.company.id, role: "owner" }] });
    expect(await themeOf(w.owner.id)).toBe("dark");
    expect(await themeOf(other.user.id)).toBe("system");
    expect((await client(w.tokens.owner).get("/api/board/me")).body.theme).toBe("dark");
    expect((await client(w.tokens.owner).patch("/api/board/me", { theme: "system" })).body.theme).toBe("system");
  });

  it("works from the board's session cookie, from the board's own origin only", async () => {
    const w = await createWorld();
    const cookie = await sessionCookie(w.owner.id);
    const elsewhere = await client(null).patch("/api/board/me", { theme: "dark" }, { headers: { cookie, origin: "https://evil.example" } });
    expect(elsewhere.status).toBe(403);
    expect(await themeOf(w.owner.id)).toBe("system");
    const res = await client(null).patch("/api/board/me", { theme: "light" }, { headers: { cookie, origin: "http://charter.test" } });
    expect(res.status).toBe(200);
    expect(await themeOf(w.owner.id)).toBe("light");
  });

  it("refuses a bad body with 400 and changes nothing", async () => {
    const w = await createWorld();
    await client(w.tokens.owner).patch("/api/board/me", { theme: "dark" });
    for (const body of [{}, { theme: "blue" }, { theme: null }, { theme: "dark", name: "x" }, []]) {
      const res = await client(w.tokens.owner).patch("/api/board/me", body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("validation_error");
    }
    expect(await themeOf(w.owner.id)).toBe("dark");
  });

  it("is for board users: an agent gets 403, nobody changes", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.ceo).patch("/api/board/me", { theme: "dark" });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
    expect(await themeOf(w.owner.id)).toBe("system");
  });
});
