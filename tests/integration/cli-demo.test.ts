// `npx charter demo`, run as a user runs it, against this test file's database.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";

const run = promisify(execFile);
const cli = path.resolve(import.meta.dirname, "../../scripts/charter.mjs");
const charter = (...args: string[]) => run(process.execPath, [cli, ...args], { env: { ...process.env, PUBLIC_BASE_URL: "https://charter.example.test" } });

describe("npx charter demo", { timeout: 120_000 }, () => {
  it("makes the demo company on an instance with no company, says what it made and where to watch it", async () => {
    expect(await db().company.count()).toBe(0);
    const { stdout } = await charter("demo");
    expect(stdout).toContain("Created Demo company (issue prefix DEMO");
    expect(stdout).toMatch(/Ada, the CEO, and Grace, an engineer reporting to it, run \/.+\/scripts\/demo-agent\.mjs/);
    expect(stdout).toContain('DEMO-1 "Write a welcome note for new board members" is assigned to Ada');
    expect(stdout).toContain("Watch it: https://charter.example.test/DEMO/issues/DEMO-1");
    const company = await db().company.findUniqueOrThrow({ where: { issuePrefix: "DEMO" } });
    // the instance made it: nobody is its member (instance admins see every company), the strategy is approved by the system
    expect(await db().membership.count({ where: { companyId: company.id } })).toBe(0);
    expect(await db().approval.findFirst({ where: { companyId: company.id, type: "approve_ceo_strategy", status: "approved", decidedByUserId: null } })).not.toBeNull();
    const wake = await db().wakeRequest.findFirstOrThrow({ where: { companyId: company.id } });
    expect(wake).toMatchObject({ reason: "assignment", status: "queued" });
    const activity = await db().activityLog.findFirstOrThrow({ where: { companyId: company.id, action: "company.created" } });
    expect(activity.actorType).toBe("system");
  });

  it("makes another under a new prefix each time; --json prints what the API answers", async () => {
    const { stdout } = await charter("demo", "--json");
    const made = JSON.parse(stdout);
    expect(made.company.issuePrefix).toMatch(/^DEM/);
    expect(made.company.issuePrefix).not.toBe("DEMO");
    expect(made.boardPath).toBe(`/${made.company.issuePrefix}/issues/${made.issue.identifier}`);
    await expect(charter("demo", "--name", "x")).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("usage") });
  });
});
