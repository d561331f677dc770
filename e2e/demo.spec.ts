// `npx charter demo` beside the running server, followed on the board until the first task is done,
// its sub-issue done by the engineer, and the spend on the costs page. The guide's button does the
// same on the empty instance of e2e/onboarding.spec.ts.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { ADMIN, expect, signIn, test } from "./fixtures";
import { watchTaskToDone } from "./demo";

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
