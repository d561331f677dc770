// The board on a phone (390 × 844): the side bar is a menu button and a drawer (a modal dialog: the
// focus goes in and stays in, Escape, Close and a followed link close it and give the focus back);
// pages start at the top of the screen; no main page scrolls sideways, with normal data, long names
// and many rows, in both themes. CHARTER_E2E_SCREENSHOTS=1 saves each page's first screen.
import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, patch, post } from "./api";
import { largeCompany, normalCompany, type Company } from "./a11y-data";
import { seriousAxeViolations } from "./axe";

const PHONE = { width: 390, height: 844 };
const themes = ["light", "dark"] as const;
type Id = { id: string };

test.describe.configure({ timeout: 900_000 });
test.use({ viewport: PHONE });

async function open(page: Page, url: string, theme: (typeof themes)[number] = "light") {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
  await page.goto(url);
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
  await expect(page.locator("h1").first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

const LONG = "Supercalifragilisticexpialidociouslyunbreakableidentifierwithoutanyspaces";

/** A company whose every name is as long as the API takes or unbroken by spaces: what wraps badly, shows. */
async function longNames(api: APIRequestContext): Promise<Company> {
  const companies = (await (await api.get("/api/companies?limit=500")).json()) as Company[];
  const found = companies.find((c) => c.issuePrefix === "PHLNG");
  if (found) return found;
  const company = await createCompany(api, "The Extraordinarily Long-Named Interplanetary Logistics, Research and Development Cooperative", {
    issuePrefix: "PHLNG", description: `A description with ${LONG} in it.`, budgetMonthlyCents: 10_000,
  });
  const cid = company.id;
  const ceo = await createAgent(api, cid, {
    name: "Maximiliana Theodora Wolfeschlegelsteinhausenbergerdorff", role: "ceo", title: `Chief ${LONG}`, icon: "crown",
    budgetMonthlyCents: 9_000, adapterConfig: { command: "echo a long day; echo done" },
  });
  const project = await post<Id>(api, `/api/companies/${cid}/projects`, { name: `Project ${LONG}`, description: "Long." });
  const issue = await post<Id>(api, `/api/companies/${cid}/issues`, {
    title: `Investigate ${LONG} failing in https://example.com/a/very/long/path/that/never/breaks/${LONG}`,
    description: `Steps:\n\n\`\`\`\n${LONG} ${LONG}\n\`\`\`\n\nSee https://example.com/${LONG}/${LONG}`,
    priority: "critical", assigneeAgentId: ceo.id, projectId: project.id, status: "todo",
  });
  await post(api, `/api/issues/${issue.id}/comments`, { body: `A comment with ${LONG}${LONG} and a [link](https://example.com/${LONG}).` });
  await post(api, `/api/companies/${cid}/routines`, { name: `Nightly ${LONG}`, description: "Sweep.", assigneeAgentId: ceo.id, titleTemplate: `{{routine}} ${LONG} {{date}}` });
  const { token } = await post<{ token: string }>(api, `/api/agents/${ceo.id}/keys`, { name: "phone" });
  const ceoApi = await playwrightRequest.newContext({ baseURL: process.env.CHARTER_E2E_BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  await post(ceoApi, `/api/companies/${cid}/agent-hires`, {
    name: `Hire ${LONG}`, role: "engineer", title: LONG, icon: "code", capabilities: `${LONG}, ${LONG}`, budgetMonthlyCents: 2_500, reason: `Because ${LONG}`,
  });
  await post(ceoApi, `/api/companies/${cid}/cost-events`, {
    agentId: ceo.id, issueId: issue.id, provider: `provider-${LONG}`, model: `model-${LONG}`, inputTokens: 123_456_789, outputTokens: 98_765_432, costCents: 8_765,
  });
  await ceoApi.dispose();
  await post(api, `/api/agents/${ceo.id}/wakeup`, { note: LONG }, 202);
  return company;
}

/** A routine for the routines pages of a seeded company that has none yet. */
async function ensureRoutine(api: APIRequestContext, company: Company) {
  const routines = (await (await api.get(`/api/companies/${company.id}/routines`)).json()) as Id[];
  if (routines.length) return;
  const agents = (await (await api.get(`/api/companies/${company.id}/agents?limit=1`)).json()) as Id[];
  const routine = await post<Id>(api, `/api/companies/${company.id}/routines`, { name: "Weekly report", description: "Sum up the week.", assigneeAgentId: agents[0].id });
  await post(api, `/api/routines/${routine.id}/triggers`, { kind: "schedule", cron: "0 9 * * 1", timezone: "Europe/Paris" });
}

/** The main pages of a company: dashboard, inbox, issues, an issue, an agent, approvals, costs, routines. */
async function mainPages(api: APIRequestContext, company: Company): Promise<Array<[string, string]>> {
  const first = async (url: string) => ((await (await api.get(url)).json()) as Array<Record<string, string>>)[0];
  const cid = company.id;
  const p = `/${company.issuePrefix}`;
  const issue = await first(`/api/companies/${cid}/issues?limit=1`);
  const agent = await first(`/api/companies/${cid}/agents?limit=1`);
  const approval = await first(`/api/companies/${cid}/approvals?limit=1`);
  const routine = await first(`/api/companies/${cid}/routines`);
  return [
    ["dashboard", `${p}/dashboard`], ["inbox", `${p}/inbox`], ["issues", `${p}/issues`], ["issue", `${p}/issues/${issue.identifier}`],
    ["agent", `${p}/agents/${agent.urlKey}`], ["approvals", `${p}/approvals`], ["approval", `${p}/approvals/${approval.id}`],
    ["costs", `${p}/costs`], ["routines", `${p}/routines`], ["routine", `${p}/routines/${routine.id}`],
  ];
}

test("no main page scrolls sideways at 390 px, and each starts at the top", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const companies: Array<[string, Company]> = [["normal", await normalCompany(api)], ["long", await longNames(api)], ["large", await largeCompany(api)]];
  const pages: Array<[string, string]> = [];
  for (const [tag, company] of companies) {
    await ensureRoutine(api, company);
    pages.push(...(await mainPages(api, company)).map(([name, url]): [string, string] => [`${tag}-${name}`, url]));
  }
  await api.dispose();
  for (const theme of themes) {
    for (const [name, url] of pages) {
      await test.step(`${name} (${theme})`, async () => {
        await open(page, url, theme);
        await snap(page, testInfo, `phone-${name}-${theme}`);
        if (process.env.CHARTER_E2E_SCREENSHOTS === "1") await page.screenshot({ path: testInfo.outputPath(`phone-${name}-${theme}-screen.png`) });
        const { scroll, client } = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, client: document.scrollingElement!.clientWidth }));
        expect.soft(scroll, `${url} in ${theme} is ${scroll}px wide at ${client}px`).toBeLessThanOrEqual(client);
        // the page starts right under the menu bar (no side bar above it), its heading on the first screen
        const main = (await page.locator("main").boundingBox())!;
        expect.soft(main.y, `${url}: the page starts ${main.y}px down`).toBeLessThan(80);
        const heading = (await page.locator("h1").first().boundingBox())!;
        expect.soft(heading.y, `${url}: the heading starts ${heading.y}px down`).toBeLessThan(200);
        await expect(page.getByRole("complementary")).toBeHidden();
      });
    }
  }
});

test("the menu opens a drawer that keeps the focus, closes on Escape, Close and a link, and gives the focus back", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await normalCompany(api);
  await api.dispose();
  const p = `/${company.issuePrefix}`;
  await open(page, `${p}/issues`);
  const menu = page.getByRole("button", { name: /^Menu/ });
  const drawer = page.getByRole("dialog", { name: "Menu" });
  const focusInDrawer = () => page.evaluate(() => !!document.activeElement?.closest("dialog[open]"));

  await test.step("the side bar is not on the page; the menu button is", async () => {
    await expect(page.getByRole("navigation", { name: "Company" })).toBeHidden();
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    expect(await seriousAxeViolations(page), "axe on the page with its menu bar").toEqual([]);
  });

  await test.step("the drawer opens with the focus on the page on screen, inside the screen", async () => {
    await menu.click();
    await expect(drawer).toBeVisible();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(drawer).toHaveAttribute("aria-modal", "true");
    await expect(drawer.getByRole("link", { name: "Issues" })).toBeFocused();
    await expect(drawer.getByRole("link", { name: "Issues" })).toHaveAttribute("aria-current", "page");
    const box = (await drawer.boundingBox())!;
    expect(box.x).toBe(0);
    expect(box.x + box.width).toBeLessThan(PHONE.width);
    expect(box.height).toBe(PHONE.height);
    await snap(page, testInfo, "phone-drawer");
    if (process.env.CHARTER_E2E_SCREENSHOTS === "1") await page.screenshot({ path: testInfo.outputPath("phone-drawer-screen.png") });
    expect(await seriousAxeViolations(page, "dialog[open]"), "axe in the open drawer").toEqual([]);
  });

  await test.step("Tab and Shift+Tab stay inside the drawer", async () => {
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press("Tab");
      expect(await focusInDrawer(), `after ${i + 1} Tab`).toBe(true);
    }
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await focusInDrawer(), `after ${i + 1} Shift+Tab`).toBe(true);
    }
  });

  await test.step("Escape closes it and the focus is back on the menu button", async () => {
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
  });

  await test.step("Close closes it too", async () => {
    await menu.press("Enter");
    await expect(drawer).toBeVisible();
    await drawer.getByRole("button", { name: "Close" }).click();
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
  });

  await test.step("a link goes to its page and closes the drawer; so does the page already open", async () => {
    await menu.click();
    await drawer.getByRole("link", { name: "Approvals" }).click();
    await page.waitForURL(new RegExp(`${p}/approvals$`));
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Approvals" })).toBeVisible();
    await menu.click();
    await drawer.getByRole("link", { name: "Approvals" }).click();
    await expect(drawer).toBeHidden();
  });

  await test.step("the theme switch and the company switcher work inside it", async () => {
    await menu.click();
    await drawer.getByRole("group", { name: "Theme" }).getByRole("button", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await snap(page, testInfo, "phone-drawer-dark");
    if (process.env.CHARTER_E2E_SCREENSHOTS === "1") await page.screenshot({ path: testInfo.outputPath("phone-drawer-dark-screen.png") });
    expect(await seriousAxeViolations(page, "dialog[open]"), "axe in the open drawer, dark").toEqual([]);
    await drawer.getByRole("group", { name: "Theme" }).getByRole("button", { name: "System" }).click();
    await drawer.getByRole("button", { name: new RegExp(company.name) }).click();
    await expect(drawer.getByRole("menuitem", { name: "All companies" })).toBeVisible();
    // Escape closes the switcher's menu, not the drawer
    await page.keyboard.press("Escape");
    await expect(drawer.getByRole("menuitem", { name: "All companies" })).toBeHidden();
    await expect(drawer).toBeVisible();
  });

  await test.step("the search button closes the drawer and opens the palette", async () => {
    await drawer.getByRole("button", { name: /^Search/ }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("dialog", { name: "Command palette" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Command palette" })).toBeHidden();
  });

  await test.step("from 768 px up the side bar is back and the drawer closes", async () => {
    await menu.click();
    await expect(drawer).toBeVisible();
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(drawer).toBeHidden();
    await expect(menu).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Company" })).toBeVisible();
  });
  // the admin is every spec's user: the theme goes back to what the others expect
  const reset = await boardApi(page);
  await patch(reset, "/api/board/me", { theme: "system" });
  await reset.dispose();
});
