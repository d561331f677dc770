// The board's colour theme: follows the system setting until the user picks one, and the pick is kept
// for the user (after a reload, and in another browser signed in as them), applied before the first paint;
// the API reference (/docs/api, outside the board's app) follows it too.
import type { Page } from "@playwright/test";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createCompany, patch } from "./api";

const html = (page: Page) => page.locator("html");
const themeButton = (page: Page, name: string) => page.getByRole("group", { name: "Theme" }).getByRole("button", { name });

test.afterEach(async ({ page }) => {
  // the admin is every spec's user: leave the theme as the others expect it
  const api = await boardApi(page);
  await patch(api, "/api/board/me", { theme: "system" });
  await api.dispose();
});

test("follows the system setting, live, until the user picks a theme", async ({ page }) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Theme Works", { issuePrefix: "THEME" });
  await api.dispose();
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(`/${company.issuePrefix}/dashboard`);
  await expect(html(page)).toHaveAttribute("data-theme-pref", "system");
  await expect(html(page)).toHaveAttribute("data-theme", "dark");
  await expect(themeButton(page, "System")).toHaveAttribute("aria-pressed", "true");
  await page.emulateMedia({ colorScheme: "light" });
  await expect(html(page)).toHaveAttribute("data-theme", "light");
  // the page's own colours follow: the body's background is the light canvas, then the dark one
  const canvas = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await canvas();
  await page.emulateMedia({ colorScheme: "dark" });
  await expect.poll(canvas).not.toBe(light);
});

test("a chosen theme is kept after a reload and in another browser, without a flash", async ({ page, browser, baseURL }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Dark Works", { issuePrefix: "DARKW" });
  await api.dispose();
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(`/${company.issuePrefix}/dashboard`);
  await expect(html(page)).toHaveAttribute("data-theme", "light");

  const saved = page.waitForResponse((r) => r.url().endsWith("/api/board/me") && r.request().method() === "PATCH");
  await themeButton(page, "Dark").click();
  expect((await saved).status()).toBe(200);
  await expect(html(page)).toHaveAttribute("data-theme", "dark");
  await expect(themeButton(page, "Dark")).toHaveAttribute("aria-pressed", "true");
  await snap(page, testInfo, "dashboard-dark");

  await page.reload();
  await expect(html(page)).toHaveAttribute("data-theme", "dark");
  // the server's HTML already says dark: nothing paints light first
  const served = await (await page.request.get(`/${company.issuePrefix}/dashboard`)).text();
  expect(served).toMatch(/<html[^>]*data-theme="dark"/);

  const other = await browser.newContext({ baseURL, colorScheme: "light" });
  const second = await other.newPage();
  await signIn(second, ADMIN);
  await second.goto(`/${company.issuePrefix}/dashboard`);
  await expect(html(second)).toHaveAttribute("data-theme", "dark");
  await expect(html(second)).toHaveAttribute("data-theme-pref", "dark");
  await other.close();

  // back to light, then to the system setting
  await themeButton(page, "Light").click();
  await expect(html(page)).toHaveAttribute("data-theme", "light");
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(html(page)).toHaveAttribute("data-theme", "light");
  await themeButton(page, "System").click();
  await expect(html(page)).toHaveAttribute("data-theme", "dark");
});

test("the API reference follows the theme: the user's choice, else the system's, live", async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(300_000);
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const swaggerBackground = () => page.evaluate(() => getComputedStyle(document.querySelector(".swagger-ui")!).backgroundColor);
  const operations = page.locator(".opblock-tag-section");
  // Swagger UI lays out 130-odd operations: on a busy machine that takes a while
  const rendered = () => expect(operations.first()).toBeVisible({ timeout: 60_000 });

  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/docs/api");
  await rendered();
  await expect(html(page)).toHaveAttribute("data-theme", "light");
  await expect(html(page)).not.toHaveClass(/dark-mode/);
  const light = await swaggerBackground();
  // under "system", a change of the system setting turns the open page over
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(html(page)).toHaveClass(/dark-mode/);
  await expect.poll(swaggerBackground).not.toBe(light);

  // a chosen light theme stays light under a dark system
  await patch(api, "/api/board/me", { theme: "light" });
  await page.reload();
  await rendered();
  await expect(html(page)).toHaveAttribute("data-theme", "light");
  await expect(html(page)).not.toHaveClass(/dark-mode/);

  // a chosen dark theme is in the served HTML (no light flash) and applies under a light system
  await patch(api, "/api/board/me", { theme: "dark" });
  const served = await (await page.request.get("/docs/api")).text();
  expect(served).toMatch(/<html[^>]*data-theme="dark"[^>]*class="dark-mode"/);
  await page.emulateMedia({ colorScheme: "light" });
  await page.reload();
  await rendered();
  await expect(html(page)).toHaveClass(/dark-mode/);
  await expect.poll(swaggerBackground).not.toBe(light);
  await page.locator("#operations-tag-Issues").click();
  await snap(page, testInfo, "api-docs-dark");
  await api.dispose();

  // signed out, the page follows the system setting
  const guest = await browser.newContext({ baseURL, colorScheme: "dark" });
  const visitor = await guest.newPage();
  await visitor.goto("/docs/api");
  await expect(html(visitor)).toHaveAttribute("data-theme", "dark");
  await expect(html(visitor)).toHaveClass(/dark-mode/);
  await guest.close();
});
