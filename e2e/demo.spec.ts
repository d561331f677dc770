// The demo company: "Start with a demo company" in the setup guide, and `npx charter demo` against
// this server's database, each followed on the board until the first task is done, its sub-issue
// done by the engineer, and the spend on the costs page. The agents run scripts/demo-agent.mjs in
// the server's heartbeat worker, over the real HTTP API.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { Page, TestInfo } from "@playwright/test";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";

/** The task page shows the whole loop, live: plan, delegated sub-issue, closing comment, done. */
async function watchTaskToDone(page: Page, testInfo: TestInfo, prefix: string) {
  await expect(page.getByTestId("issue-identifier")).toHaveText(`${prefix}-1`);
  await snap(page, testInfo, `${prefix}-01-task-new`);
  await expect(page.getByTestId("issue-status")).toHaveText("Done", { timeout: 60_000 });
  const comments = page.getByTestId("comments");
  await expect(comments).toContainText("Plan: Grace");
  await expect(comments).toContainText(`${prefix}-2 is done`);
  await expect(comments).toContainText(`Reviewed ${prefix}-2: all done.`);
  const sub = page.getByTestId("sub-issues");
  await expect(sub).toContainText(`${prefix}-2`);
  await expect(sub).toContainText("Done");
  await snap(page, testInfo, `${prefix}-02-task-done`);

  await page.goto(`/${prefix}/costs`);
  await expect(page.getByTestId("range-total")).toHaveText("$0.06");
  const byAgent = page.getByTestId("agent-cost-row");
  await expect(byAgent.filter({ hasText: "Ada" })).toContainText("$0.03");
  await expect(byAgent.filter({ hasText: "Grace" })).toContainText("$0.03");
  await snap(page, testInfo, `${prefix}-03-costs`);
}

test("Start with a demo company: the guide's button, then the first task done with its cost", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  await page.goto("/onboarding");
  await snap(page, testInfo, "00-guide");
  if (process.env.CHARTER_E2E_SCREENSHOTS === "1") {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: "dark" });
    await snap(page, testInfo, "00-guide-390-dark");
    await page.setViewportSize({ width: 1360, height: 900 });
    await page.emulateMedia({ colorScheme: "light" });
  }
  await page.getByRole("button", { name: "Start with a demo company" }).click();
  await page.waitForURL(/\/(DEM[A-Z]*)\/issues\/DEM[A-Z]*-1$/);
  const prefix = new URL(page.url()).pathname.split("/")[1];
  await watchTaskToDone(page, testInfo, prefix);
});

test("npx charter demo: what it prints opens the task, which its agents finish", async ({ page, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const cli = path.resolve(import.meta.dirname, "../scripts/charter.mjs");
  // as a user runs it beside `npm start`: the CLI finds the server's embedded database by its data dir
  const env: NodeJS.ProcessEnv = { ...process.env, CHARTER_DATA_DIR: process.env.CHARTER_E2E_DIR, PUBLIC_BASE_URL: baseURL };
  delete env.DATABASE_URL;
  const { stdout } = await promisify(execFile)(process.execPath, [cli, "demo"], { env });
  const url = /Watch it: (\S+)/.exec(stdout)?.[1];
  expect(url, stdout).toMatch(new RegExp(`^${baseURL}/DEM[A-Z]*/issues/DEM[A-Z]*-1$`));
  await signIn(page, ADMIN);
  await page.goto(url!);
  await watchTaskToDone(page, testInfo, new URL(url!).pathname.split("/")[1]);
});
