// The CLI of docs/design.md §3, run as a user runs it, against this test file's database.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { verifyPassword } from "@/lib/auth/password";
import { client } from "../support/api";

const run = promisify(execFile);
const cli = path.resolve(import.meta.dirname, "../../scripts/charter.mjs");
const charter = (...args: string[]) => run(process.execPath, [cli, ...args], { env: { ...process.env } });

// Each run is a real process (tsx, migrations check, Prisma), a few seconds apiece on a loaded machine.
describe("npx charter", { timeout: 120_000 }, () => {
  it("creates a user and prints it as JSON; the password is stored as argon2id", async () => {
    const { stdout } = await charter("user", "create", "--email", "Ada@Example.test", "--password", "correct horse", "--name", "Ada", "--admin");
    const user = JSON.parse(stdout);
    expect(user).toMatchObject({ email: "ada@example.test", name: "Ada", isInstanceAdmin: true });
    expect(user.passwordHash).toBeUndefined();
    const row = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.passwordHash, "correct horse")).toBe(true);
  });

  it("prints only a board token on stdout, and the token authenticates", async () => {
    await charter("user", "create", "--email", "bob@example.test", "--password", "password123");
    const { stdout } = await charter("token", "create", "--email", "bob@example.test", "--name", "ci");
    const token = stdout.trim();
    expect(token).toMatch(/^chk_board_[A-Za-z0-9_-]{43}$/);
    const me = await client(token).get("/api/board/me");
    expect(me.status).toBe(200);
    expect(me.body.email).toBe("bob@example.test");
  });

  it("fails with a message and a non-zero status on bad input", async () => {
    await Promise.all([
      expect(charter("user", "create", "--email", "not-an-email", "--password", "x")).rejects.toMatchObject({ code: 2 }),
      expect(charter("token", "create", "--email", "nobody@example.test")).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("User not found") }),
      expect(charter("frobnicate")).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("usage") }),
      charter("user", "create", "--email", "dup@example.test", "--password", "password123"),
    ]);
    await expect(charter("user", "create", "--email", "dup@example.test", "--password", "password123")).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("already exists") });
  });
});
