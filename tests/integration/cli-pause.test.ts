// `npx charter pause|resume`, run as a user runs it, against this test file's database.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createWorld } from "../factories";

const run = promisify(execFile);
const cli = path.resolve(import.meta.dirname, "../../scripts/charter.mjs");
const charter = (...args: string[]) => run(process.execPath, [cli, ...args], { env: { ...process.env } });

describe("npx charter pause|resume", { timeout: 180_000 }, () => {
  it("pauses and resumes one company by prefix, cancel-running choosing the mode", async () => {
    const w = await createWorld();
    const paused = await charter("pause", "--company", w.company.issuePrefix.toLowerCase(), "--cancel-running");
    expect(paused.stdout).toContain(`${w.company.issuePrefix} (${w.company.name}) is paused since`);
    expect(paused.stdout).toContain("runs that were running are cancelled");
    const row = await db().company.findUniqueOrThrow({ where: { id: w.company.id } });
    expect(row).toMatchObject({ pauseMode: "cancel" });
    expect(row.pausedAt).not.toBeNull();
    expect(await db().activityLog.findFirst({ where: { companyId: w.company.id, action: "company.paused" } })).toMatchObject({ actorType: "system" });

    const resumed = await charter("resume", "--company", w.company.id);
    expect(resumed.stdout).toContain("is running");
    expect((await db().company.findUniqueOrThrow({ where: { id: w.company.id } })).pausedAt).toBeNull();
  });

  it("without --company pauses and resumes the instance", async () => {
    const paused = await charter("pause");
    expect(paused.stdout).toContain("the instance is paused since");
    expect(paused.stdout).toContain("runs that were running finish");
    expect(JSON.parse((await db().instanceSetting.findUniqueOrThrow({ where: { key: "instance.pause" } })).value)).toMatchObject({ mode: "finish" });
    expect((await charter("resume")).stdout).toContain("the instance is running");
    expect(await db().instanceSetting.findUnique({ where: { key: "instance.pause" } })).toBeNull();
  });

  it("a bad flag is a usage error (2), an unknown company a failure (1)", async () => {
    await expect(charter("resume", "--cancel-running")).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("usage") });
    await expect(charter("pause", "--company")).rejects.toMatchObject({ code: 2 });
    await expect(charter("pause", "--company", "NOPE")).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("Company not found") });
  });
});
