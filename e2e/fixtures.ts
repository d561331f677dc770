// The test object every spec uses: baseURL comes from the server global-setup started.
import { test as base, expect, type Page, type TestInfo } from "@playwright/test";

export { expect };

export const test = base.extend<{ pageErrors: string[] }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies by destructuring
  baseURL: async ({}, use) => {
    const url = process.env.CHARTER_E2E_BASE_URL;
    if (!url) throw new Error("CHARTER_E2E_BASE_URL is unset: run the specs through playwright.config.ts (global setup)");
    await use(url);
  },
  // Every test fails on an uncaught script error or a React hydration error in the page, even
  // when what it looks at happens to render.
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
      page.on("console", (msg) => {
        if (msg.type() === "error" && /hydrat|did not match|Minified React error #4(18|19|2[0-5])/i.test(msg.text())) errors.push(`console: ${msg.text()}`);
      });
      await use(errors);
      expect(errors, "errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});

/** The first board user; created by the onboarding journey through the setup URL. */
export const ADMIN = { name: "Ada Lovelace", email: "ada@example.test", password: "analytical-engine-1843" };

export function setupURL(): string {
  const url = process.env.CHARTER_E2E_SETUP_URL;
  if (!url) throw new Error("CHARTER_E2E_SETUP_URL is unset");
  return url;
}

export async function signIn(page: Page, account = ADMIN, landing = /\/companies$/) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(landing);
}

/**
 * A full-page screenshot in the test's output folder (test-results/, never the repo), taken when
 * CHARTER_E2E_SCREENSHOTS=1: for looking at every page with empty, normal and large data.
 */
export async function snap(page: Page, testInfo: TestInfo, name: string, opts: { fullPage?: boolean } = {}) {
  if (process.env.CHARTER_E2E_SCREENSHOTS !== "1") return;
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: opts.fullPage ?? true });
}
