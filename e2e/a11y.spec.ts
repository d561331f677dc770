// Accessibility of every board page: axe (WCAG 2.2 AA rules) finds no serious or critical violation,
// in the light and the dark theme, for an empty company, a normal one and a large one; at phone width
// (390 × 844) no page scrolls sideways. CHARTER_E2E_SCREENSHOTS=1 saves a screenshot of each.
import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, post } from "./api";
import { companyPages, emptyCompany, largeCompany, normalCompany, type Company } from "./a11y-data";

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const themes = ["light", "dark"] as const;
type Theme = (typeof themes)[number];

/** Opens a page in a theme (the admin's preference is "system": the emulated setting decides) once it has settled. */
async function open(page: Page, url: string, theme: Theme) {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
  await page.goto(url);
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
  await expect(page.locator("h1").first()).toBeVisible();
  await page.waitForLoadState("load");
  // skeletons and "Loading…" give way to the data before axe looks
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The serious and critical violations on the page, one line each with a few of the nodes. */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return found
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes.slice(0, 4).map((n) => `${n.target.join(" ")} ${n.failureSummary?.split("\n")[1]?.trim() ?? ""}`).join(" | ")}`);
}

/** Each tab of the page that is not showing yet (an agent's instructions, a run's transcript…), in turn. */
async function auditTabs(page: Page, testInfo: TestInfo, label: string) {
  const tabs = page.getByRole("tab");
  const count = await tabs.count();
  for (let i = 0; i < count; i++) {
    const tab = tabs.nth(i);
    if ((await tab.getAttribute("aria-selected")) === "true") continue;
    const name = (await tab.innerText()).trim();
    await tab.click();
    await expect(tab).toHaveAttribute("aria-selected", "true");
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await snap(page, testInfo, `${label}-tab-${name.replace(/\W+/g, "-").toLowerCase()}`);
    expect.soft(await violations(page), `${label}, tab ${name}`).toEqual([]);
  }
}

async function auditPages(page: Page, testInfo: TestInfo, pages: Array<[string, string]>, tag: string) {
  for (const theme of themes) {
    for (const [name, url] of pages) {
      await test.step(`${name} (${theme})`, async () => {
        await open(page, url, theme);
        await snap(page, testInfo, `${tag}-${name}-${theme}`);
        expect.soft(await violations(page), `${url} in ${theme}`).toEqual([]);
        await auditTabs(page, testInfo, `${tag}-${name}-${theme}`);
      });
    }
  }
}

async function pagesOf(page: Page, make: (api: Awaited<ReturnType<typeof boardApi>>) => Promise<Company>) {
  const api = await boardApi(page);
  const company = await make(api);
  const pages = await companyPages(api, company);
  await api.dispose();
  return pages;
}

test.describe.configure({ timeout: 900_000 });

test("signed out: sign-in, setup and invite pages", async ({ page, browser, baseURL }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await emptyCompany(api);
  const invite = await post<{ url: string }>(api, `/api/companies/${company.id}/board-invites`, { role: "member" });
  await api.dispose();
  const guest = await browser.newContext({ baseURL });
  const visitor = await guest.newPage();
  for (const theme of themes) {
    for (const [name, url] of [["login", "/login"], ["setup", "/setup"], ["invite", new URL(invite.url).pathname], ["invite-unknown", "/invite/chk_join_not-a-real-token"]]) {
      await test.step(`${name} (${theme})`, async () => {
        await visitor.emulateMedia({ colorScheme: theme });
        await visitor.goto(url);
        await expect(visitor.locator("html")).toHaveAttribute("data-theme", theme);
        await snap(visitor, testInfo, `out-${name}-${theme}`);
        expect.soft(await violations(visitor), `${url} in ${theme}`).toEqual([]);
      });
    }
  }
  await guest.close();
});

test("signed in: companies and onboarding", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  await auditPages(page, testInfo, [["companies", "/companies"], ["onboarding", "/onboarding"]], "start");
});

test("every page of an empty company", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  await auditPages(page, testInfo, await pagesOf(page, emptyCompany), "empty");
});

test("every page of a normal company", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  await auditPages(page, testInfo, await pagesOf(page, normalCompany), "normal");
});

test("every page of a large company", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  await auditPages(page, testInfo, await pagesOf(page, largeCompany), "large");
});

test("phone width: no page scrolls sideways", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  await page.setViewportSize({ width: 390, height: 844 });
  const pages = [["companies", "/companies"] as [string, string], ...(await pagesOf(page, normalCompany)), ...(await pagesOf(page, largeCompany)).map(([n, u]): [string, string] => [`${n}-large`, u])];
  for (const theme of themes) {
    for (const [name, url] of pages) {
      await test.step(`${name} (${theme})`, async () => {
        await open(page, url, theme);
        await snap(page, testInfo, `phone-${name}-${theme}`);
        // the first screen as a phone shows it, easier to look at than the whole page
        if (process.env.CHARTER_E2E_SCREENSHOTS === "1") await page.screenshot({ path: testInfo.outputPath(`phone-${name}-${theme}-screen.png`) });
        const widths = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, inner: window.innerWidth }));
        expect.soft(widths.scroll, `${url} is ${widths.scroll}px wide at ${widths.inner}px`).toBeLessThanOrEqual(widths.inner);
      });
    }
  }
});

test("keyboard focus is visible on every control it reaches", async ({ page }) => {
  await signIn(page, ADMIN);
  const pages = await pagesOf(page, normalCompany);
  for (const [name, url] of pages.filter(([n]) => ["dashboard", "issues", "issue", "agent", "settings"].includes(n))) {
    for (const theme of themes) {
      await test.step(`${name} (${theme})`, async () => {
        await open(page, url, theme);
        const unringed: string[] = [];
        for (let i = 0; i < 40; i++) {
          await page.keyboard.press("Tab");
          // an outline of 2 px or more, or a ring of 2 px or more (a spread box-shadow), while the control has focus
          const seen = await page.evaluate(() => {
            const el = document.activeElement as HTMLElement | null;
            if (!el || el === document.body) return null;
            const s = getComputedStyle(el);
            const ring = (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2) || /0px 0px 0px (\d{2,}|[2-9])(\.\d+)?px/.test(s.boxShadow);
            return { ring, what: `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"` };
          });
          if (seen && !seen.ring) unringed.push(seen.what);
        }
        expect.soft(unringed, `${url} in ${theme}: controls without a visible focus ring`).toEqual([]);
      });
    }
  }
});
