// Browser journeys of a board user, in Debian's chromium (Playwright cannot download its own
// browser here). e2e/global-setup.ts starts the real `npm start` launcher on a free port with a
// fresh embedded database, because the journey begins at the setup URL that launcher prints.
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  globalSetup: "./e2e/global-setup.ts",
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["line"]] : [["list"]],
  use: {
    // The real baseURL is only known once the server is up; e2e/fixtures.ts supplies it.
    browserName: "chromium",
    viewport: { width: 1360, height: 900 },
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
      ],
    },
  },
  projects: [
    // The onboarding journey uses the one-time setup URL and creates the first user; the other
    // specs sign in as that user, so they run after it.
    { name: "onboarding", testMatch: /onboarding\.spec\.ts/ },
    { name: "board", testMatch: /.*\.spec\.ts/, testIgnore: /onboarding\.spec\.ts/, dependencies: ["onboarding"] },
  ],
});
