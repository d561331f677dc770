// The keyboard-first board: the command palette (Ctrl+K) finds issues by identifier and by words
// through the API's search, runs actions and switches company; the single-key shortcuts go to pages,
// open the new issue dialog, focus search, show their help and move through lists, and stay quiet
// while the user types.
import type { Page } from "@playwright/test";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, patch, post } from "./api";
import { seriousAxeViolations } from "./axe";

const palette = (page: Page) => page.getByRole("dialog", { name: "Command palette" });

/** Waits until the board's keys answer (the page's script has run). */
const keysReady = (page: Page) => expect(page.locator("html[data-shortcuts='on']")).toHaveCount(1);

async function openPalette(page: Page) {
  await keysReady(page);
  // right after a client-side navigation the key can land while the new page is still mounting:
  // press again only while the palette has not appeared
  await expect(async () => {
    if (!(await palette(page).isVisible())) await page.keyboard.press("Control+k");
    await expect(palette(page)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(palette(page).getByRole("combobox")).toBeFocused();
}

test.describe.configure({ mode: "serial" });

let seeded = false;
async function seed(page: Page) {
  await signIn(page, ADMIN);
  if (seeded) return;
  const api = await boardApi(page);
  const company = await createCompany(api, "Keystone Labs", { issuePrefix: "KSTN" });
  await createCompany(api, "Other Labs", { issuePrefix: "OTHR" });
  for (const title of ["Fix the login redirect", "Write the release notes", "Tune the search ranking", "Rotate the signing keys"]) {
    await post(api, `/api/companies/${company.id}/issues`, { title });
  }
  await createAgent(api, company.id, { name: "Ivy", role: "ceo", title: "Chief Executive Officer" });
  await createAgent(api, company.id, { name: "Quinn", role: "engineer", title: "Backend engineer" });
  seeded = true;
}

test("palette: find an issue by identifier and by words, run actions, switch company", async ({ page }, testInfo) => {
  await seed(page);
  await page.goto("/KSTN/dashboard");

  await test.step("Ctrl+K opens a labelled combobox; an identifier finds its issue", async () => {
    await openPalette(page);
    await snap(page, testInfo, "palette-open");
    await page.keyboard.type("KSTN-2");
    const hit = palette(page).getByRole("option", { name: /KSTN-2 Write the release notes/ });
    await expect(hit).toBeVisible();
    await expect(hit).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/KSTN\/issues\/KSTN-2$/);
    await expect(palette(page)).toBeHidden();
  });

  await test.step("words find an issue through the search", async () => {
    await openPalette(page);
    await page.keyboard.type("search ranking");
    const hit = palette(page).getByRole("option", { name: /KSTN-3 Tune the search ranking/ });
    await expect(hit).toBeVisible();
    await snap(page, testInfo, "palette-issue-search");
    expect(await seriousAxeViolations(page, "[data-command-palette]")).toEqual([]);
    await hit.click();
    await page.waitForURL(/\/KSTN\/issues\/KSTN-3$/);
  });

  await test.step("agents and pages are there too; Escape closes", async () => {
    await openPalette(page);
    await page.keyboard.type("quinn");
    await expect(palette(page).getByRole("option", { name: /Quinn/ })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(palette(page)).toBeHidden();
    await openPalette(page);
    await page.keyboard.type("org chart");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/KSTN\/org$/);
  });

  await test.step("the New issue action opens the new issue dialog, which creates it", async () => {
    await openPalette(page);
    await page.keyboard.type("new issue");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "New issue" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Assignee")).toContainText("Quinn");
    await dialog.getByLabel("Title").fill("Made from the palette");
    await dialog.getByRole("button", { name: "Create issue" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("command-notice")).toContainText("Created KSTN-5: Made from the palette");
  });

  await test.step("run an agent now", async () => {
    await openPalette(page);
    await page.keyboard.type("run an agent");
    await page.keyboard.press("Enter");
    await expect(palette(page).getByRole("combobox", { name: "Agent to run now" })).toBeFocused();
    await page.keyboard.type("ivy");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("command-notice")).toContainText("Ivy is woken");
  });

  await test.step("switch company keeps the section", async () => {
    await page.goto("/KSTN/agents");
    await openPalette(page);
    await page.keyboard.type("switch company");
    await page.keyboard.press("Enter");
    await page.keyboard.type("other");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/OTHR\/agents$/);
  });

  await test.step("toggle theme turns the page over (and the choice is put back to the system's)", async () => {
    const before = await page.locator("html").getAttribute("data-theme");
    await openPalette(page);
    await page.keyboard.type("toggle theme");
    await page.keyboard.press("Enter");
    await expect(page.locator("html")).toHaveAttribute("data-theme", before === "dark" ? "light" : "dark");
    await openPalette(page);
    await snap(page, testInfo, "palette-dark");
    expect(await seriousAxeViolations(page, "[data-command-palette]")).toEqual([]);
    await page.keyboard.press("Escape");
    await patch(await boardApi(page), "/api/board/me", { theme: "system" });
  });

  await test.step("at phone width the menu bar's search button opens it, inside the screen", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/KSTN/issues");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(palette(page)).toBeVisible();
    const box = (await palette(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.keyboard.type("KSTN-1");
    await expect(palette(page).getByRole("option", { name: /KSTN-1 Fix the login redirect/ })).toBeVisible();
    await snap(page, testInfo, "palette-phone");
  });
});

test("palette: an agent's or a page's exact name ranks above the issues that mention it; Routines is a page", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Ranking Works", { issuePrefix: "RANK" });
  await createAgent(api, company.id, { name: "Ada", role: "ceo" });
  for (const title of ["Ask Ada about the launch", "Ada's onboarding notes", "Review the routines with Ada", "Costs of the routines"]) {
    await post(api, `/api/companies/${company.id}/issues`, { title });
  }
  await page.goto("/RANK/dashboard");

  await test.step("typing an agent's name: the agent first and chosen, the issues after it", async () => {
    await openPalette(page);
    await page.keyboard.type("ada");
    const options = palette(page).getByRole("option");
    await expect(options.filter({ hasText: "Ask Ada about the launch" })).toBeVisible();
    await expect(options.first()).toContainText("Ada");
    await expect(options.first()).not.toContainText("RANK-");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await snap(page, testInfo, "palette-exact-agent");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/RANK\/agents\/ada$/);
  });

  await test.step("typing a page's name: the page first; Routines is one of them", async () => {
    await openPalette(page);
    await page.keyboard.type("Routines");
    const options = palette(page).getByRole("option");
    await expect(options.filter({ hasText: "Review the routines with Ada" })).toBeVisible();
    await expect(options.first()).toHaveText(/^Routines/);
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/RANK\/routines$/);
  });

  await test.step("a word that only issues match still puts the issues first", async () => {
    await openPalette(page);
    await page.keyboard.type("launch");
    await expect(palette(page).getByRole("option").first()).toContainText("RANK-1 Ask Ada about the launch");
    await page.keyboard.press("Escape");
  });
  await api.dispose();
});

test("shortcuts: g sequences, c, /, ?, quiet while typing, j/k and Enter", async ({ page }, testInfo) => {
  await seed(page);
  await page.goto("/KSTN/dashboard");
  await keysReady(page);

  await test.step("every g shortcut lands on its page", async () => {
    const targets: Array<[string, RegExp]> = [
      ["i", /\/KSTN\/issues$/], ["b", /\/KSTN\/issues\?view=board$/], ["a", /\/KSTN\/agents$/],
      ["o", /\/KSTN\/org$/], ["p", /\/KSTN\/approvals$/], ["d", /\/KSTN\/dashboard$/],
    ];
    for (const [key, url] of targets) {
      await page.keyboard.press("g");
      await page.keyboard.press(key);
      await page.waitForURL(url);
    }
  });

  await test.step("? lists the shortcuts", async () => {
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(help).toBeVisible();
    await expect(help).toContainText("New issue");
    await expect(help).toContainText("Org chart");
    await snap(page, testInfo, "shortcut-help");
    expect(await seriousAxeViolations(page, "dialog[open]")).toEqual([]);
    // a dialog is open: single keys do nothing, Escape closes it
    await page.keyboard.press("g");
    await page.keyboard.press("i");
    await expect(page).toHaveURL(/\/KSTN\/dashboard$/);
    await page.keyboard.press("Escape");
    await expect(help).toBeHidden();
  });

  await test.step("c opens the new issue dialog", async () => {
    await page.keyboard.press("c");
    const dialog = page.getByRole("dialog", { name: "New issue" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Title")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  await test.step("/ focuses the page's search; typing there fires nothing", async () => {
    await page.goto("/KSTN/issues");
    await expect(page.getByTestId("issue-row")).toHaveCount(5);
    await keysReady(page);
    await page.keyboard.press("/");
    const search = page.getByLabel("Search issues");
    await expect(search).toBeFocused();
    await page.keyboard.type("gic?jk");
    await expect(search).toHaveValue("gic?jk");
    await expect(page).toHaveURL(/\/KSTN\/issues\?q=gic/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await search.fill("");
    // the list follows the field after its debounce: wait until the URL and the rows are the unfiltered
    // ones (until then the rows on screen are the last search's placeholder, replaced when it settles)
    await expect(page).toHaveURL(/\/KSTN\/issues$/);
    await expect(page.locator("[data-keynav-list]:not([aria-busy])")).toHaveCount(1);
    await expect(page.getByTestId("issue-row")).toHaveCount(5);
    await search.blur();
  });

  await test.step("j and k move the selection; Enter opens the selected issue", async () => {
    const rows = page.getByTestId("issue-row");
    await page.keyboard.press("j");
    await expect(rows.nth(0).getByRole("link").first()).toBeFocused();
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await page.keyboard.press("k");
    const second = rows.nth(1).getByRole("link").first();
    await expect(second).toBeFocused();
    await snap(page, testInfo, "issues-j-k");
    const identifier = (await second.textContent())!.trim();
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`/KSTN/issues/${identifier}$`));
  });

  await test.step("j/k in the agents list too", async () => {
    await page.goto("/KSTN/agents");
    await expect(page.getByTestId("agent-row")).toHaveCount(2);
    await keysReady(page);
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await expect(page.getByTestId("agent-row").nth(1).getByRole("link").first()).toBeFocused();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/KSTN\/agents\/quinn$/);
  });
});
