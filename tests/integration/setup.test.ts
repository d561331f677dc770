// POST /api/setup: the one-time token printed on first start creates the first board user, an
// instance admin. This file's database has no users of its own, so each test starts from zero.
import { beforeEach, describe, expect, it } from "vitest";
import { db, sql } from "@/lib/db/client";
import { mintToken } from "@/lib/auth/tokens";
import { issueSetupToken, SETUP_KEY } from "@/lib/auth/setup-token";
import { setupTokenValid } from "@/lib/services/users";
import { verifyPassword } from "@/lib/auth/password";
import { prepareDatabase } from "@/scripts/prepare-db.mjs";
import { call } from "../support/api";

/** A setup token issued by the code the launcher runs (scripts/prepare-db.mjs). */
async function armSetup(): Promise<string> {
  const token = await issueSetupToken((text, values) => sql().query(text, values));
  if (!token) throw new Error("no setup token while users exist");
  return token;
}

const setup = (body: unknown) => call("POST", "/api/setup", { body });

beforeEach(async () => {
  await db().user.deleteMany();
  await db().instanceSetting.deleteMany();
});

describe("POST /api/setup", () => {
  it("creates the first board user as an instance admin, once", async () => {
    const token = await armSetup();
    const res = await setup({ token, email: "Founder@Example.test", password: "correct horse battery", name: "Founder" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: "founder@example.test", name: "Founder", isInstanceAdmin: true });
    expect(res.body.passwordHash).toBeUndefined();
    const user = await db().user.findUniqueOrThrow({ where: { email: "founder@example.test" } });
    expect(await verifyPassword(user.passwordHash, "correct horse battery")).toBe(true);
    expect(await db().instanceSetting.count({ where: { key: { startsWith: SETUP_KEY } } })).toBe(0);

    const again = await setup({ token, email: "second@example.test", password: "another password" });
    expect(again.status).toBe(403);
    expect(again.body.code).toBe("forbidden");
    expect(await db().user.count()).toBe(1);
  });

  it("refuses a wrong token with 403 and creates nobody", async () => {
    await armSetup();
    const res = await setup({ token: mintToken("setup").token, email: "intruder@example.test", password: "password123" });
    expect(res.status).toBe(403);
    expect(await db().user.count()).toBe(0);
  });

  it("refuses when no setup token was issued", async () => {
    const res = await setup({ token: "chk_setup_anything", email: "a@example.test", password: "password123" });
    expect(res.status).toBe(403);
    expect(await db().user.count()).toBe(0);
  });

  it("refuses a valid token once a board user exists", async () => {
    const token = await armSetup();
    await db().user.create({ data: { email: "existing@example.test", name: "Existing", passwordHash: "x" } });
    const res = await setup({ token, email: "late@example.test", password: "password123" });
    expect(res.status).toBe(403);
    expect(await db().user.count()).toBe(1);
  });

  it("validates the body with 400 before spending the token", async () => {
    const token = await armSetup();
    for (const body of [{ token, email: "not-an-email", password: "password123" }, { token, email: "a@example.test", password: "short" }, { email: "a@example.test", password: "password123" }]) {
      const res = await setup(body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("validation_error");
    }
    expect((await setup({ token, email: "a@example.test", password: "password123" })).status).toBe(201);
  });
});

describe("setup tokens on a shared database", () => {
  it("a second instance starting on the same database issues its own token and leaves the first one working; the first used consumes both", async () => {
    const first = await prepareDatabase(process.env.DATABASE_URL!);
    const second = await prepareDatabase(process.env.DATABASE_URL!);
    expect(first.setupToken).toMatch(/^chk_setup_/);
    expect(second.setupToken).toMatch(/^chk_setup_/);
    expect(second.setupToken).not.toBe(first.setupToken);
    expect((await setup({ token: first.setupToken, email: "first@example.test", password: "password123" })).status).toBe(201);
    expect((await setup({ token: second.setupToken, email: "second@example.test", password: "password123" })).status).toBe(403);
    expect(await db().instanceSetting.count({ where: { key: { startsWith: SETUP_KEY } } })).toBe(0);
    expect((await prepareDatabase(process.env.DATABASE_URL!)).setupToken).toBeNull();
  });
});

describe("the setup token rule, shared by the launcher and the server", () => {
  it("issues a token the server accepts while no user exists, and none once one does", async () => {
    const token = await armSetup();
    expect(await setupTokenValid(db(), token)).toBe(true);
    expect(await setupTokenValid(db(), `${token}x`)).toBe(false);
    expect((await setup({ token, email: "first@example.test", password: "password123" })).status).toBe(201);
    expect(await setupTokenValid(db(), token)).toBe(false);
    expect(await issueSetupToken((text, values) => sql().query(text, values))).toBeNull();
    expect(await db().instanceSetting.count()).toBe(0);
  });
});
