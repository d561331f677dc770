// A crawl over every page of a company, read from app/(board)/[prefix] itself so a new page is covered
// the day it is added: each page answers 200 with real ids; an unknown or malformed id, key or path
// answers 404 with the not-found page inside the company's layout (its sidebar kept); and no link on
// any page leads to a 404 or an error.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, post } from "./api";
import { withE2eDatabase } from "./db";

const pagesDir = path.resolve(import.meta.dirname, "../app/(board)/[prefix]");
const MISSING = "01900000-0000-7000-8000-000000000000";

/** Every page below [prefix], as its segments (["issues", "[ref]"]). */
function pageRoutes(dir = pagesDir, segments: string[] = []): string[][] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return pageRoutes(path.join(dir, e.name), [...segments, e.name]);
    return e.name === "page.tsx" ? [segments] : [];
  });
}

/** What each dynamic segment is called with: a real value, and ones no company has. */
interface Values { real?: string; unknown: string[] }

/**
 * A 404 with the not-found page inside the company: its sidebar (the switcher naming the company, the
 * company's navigation) is there. Looked at in the browser: Next may stream a not-found page as its
 * payload inside an error shell, so the HTML alone does not show it.
 */
async function expectNotFoundInCompany(page: Page, url: string, companyName: string) {
  const res = await page.goto(url);
  expect(res?.status(), url).toBe(404);
  await expect(page.getByTestId("status-page"), url).toHaveAttribute("data-status", "404");
  await expect(page.getByRole("heading", { name: "This page does not exist" }), url).toBeVisible();
  await expect(page.getByTestId("current-company"), url).toHaveText(companyName);
  await expect(page.getByRole("navigation", { name: "Company" }), url).toBeVisible();
}

/** The same-origin links of a page once its islands have loaded, without fragments. */
async function linksOn(page: Page): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    await page.waitForLoadState("load");
    await page.waitForTimeout(500);
    try {
      const hrefs = await page.$$eval("a[href]", (as) => as.map((a) => a.getAttribute("href") ?? ""));
      return hrefs.filter((h) => h.startsWith("/") && !h.startsWith("//")).map((h) => h.split("#")[0]).filter(Boolean);
    } catch (err) {
      // a page that sends the browser on (the company's home) navigated while being read: read where it landed
      if (attempt === 3 || !/context was destroyed/.test(String(err))) throw err;
    }
  }
}

test("every company page: 200 with real ids, 404 inside the company for unknown ones, and no dead links", async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Crawl Cartography", { issuePrefix: "CRWL" });
  const ceo = await createAgent(api, company.id, { name: "Cartographer", role: "ceo", adapterConfig: { command: "true" } });
  const issue = await post<{ id: string; identifier: string }>(api, `/api/companies/${company.id}/issues`, { title: "Map the coast", assigneeAgentId: ceo.id });
  const project = await post<{ id: string }>(api, `/api/companies/${company.id}/projects`, { name: "Atlas" });
  await post(api, `/api/companies/${company.id}/goals`, { title: "Chart every harbour" });
  const routine = await post<{ id: string }>(api, `/api/companies/${company.id}/routines`, { name: "Weekly survey", assigneeAgentId: ceo.id });
  const { token } = await post<{ token: string }>(api, `/api/agents/${ceo.id}/keys`, { name: "crawl" });
  const approval = await page.request.post(`/api/companies/${company.id}/approvals`, {
    headers: { authorization: `Bearer ${token}` },
    data: { type: "approve_ceo_strategy", requestedByAgentId: ceo.id, payload: { plan: "Sail north first." } },
  });
  expect(approval.status(), await approval.text()).toBe(201);
  const approvalId = ((await approval.json()) as { id: string }).id;
  const runId = await withE2eDatabase(async (db) => (await db.query(
    `INSERT INTO "HeartbeatRun" (id, "companyId", "agentId", "issueId", status, "adapterType", "startedAt", "finishedAt")
     VALUES (gen_random_uuid(), $1, $2, $3, 'succeeded', 'process', now() - interval '1 minute', now()) RETURNING id`,
    [company.id, ceo.id, issue.id],
  )).rows[0].id as string);

  const values: Record<string, Values> = {
    "[urlKey]": { real: ceo.urlKey, unknown: ["nobody-here", MISSING] },
    "[ref]": { real: issue.identifier, unknown: ["CRWL-999", "NOPE-1", MISSING, "not an issue"] },
    "[approvalId]": { real: approvalId, unknown: [MISSING, "not-a-uuid"] },
    "[projectId]": { real: project.id, unknown: [MISSING, "not-a-uuid"] },
    "[routineId]": { real: routine.id, unknown: [MISSING, "not-a-uuid"] },
    "[runId]": { real: runId, unknown: [MISSING, "not-a-uuid"] },
    "[...rest]": { unknown: ["no-such-page", "issues/CRWL-1/nothing-here", "settings/nowhere", "agents/x/y/z"] },
  };
  const routes = pageRoutes();
  const dynamic = [...new Set(routes.flat().filter((s) => s.startsWith("[")))];
  expect(dynamic.filter((s) => !values[s]), "a dynamic segment the crawl has no values for").toEqual([]);

  const visited: string[] = [];
  await test.step("each page answers 200 with real ids", async () => {
    for (const segments of routes) {
      if (segments.some((s) => s.startsWith("[") && !values[s].real)) continue;
      const url = `/CRWL${segments.map((s) => `/${values[s]?.real ?? s}`).join("")}`;
      const res = await page.request.get(url);
      expect(res.status(), url).toBe(200);
      visited.push(url);
    }
  });

  await test.step("each unknown id, key or path answers 404 with the company's sidebar", async () => {
    for (const segments of routes.filter((r) => r.some((s) => s.startsWith("[")))) {
      const slot = segments.findIndex((s) => s.startsWith("["));
      for (const unknown of values[segments[slot]].unknown) {
        const url = `/CRWL${segments.map((s, i) => `/${i === slot ? encodeURI(unknown) : (values[s]?.real ?? s)}`).join("")}`;
        await expectNotFoundInCompany(page, url, company.name);
      }
    }
    // a company that is not there (or not the user's) is the plain not-found page, outside any company
    expect((await page.goto("/NOPE/issues/NOPE-1"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This page does not exist" })).toBeVisible();
    await expect(page.getByTestId("current-company")).toHaveCount(0);
  });

  await test.step("in the browser the 404 keeps the sidebar and leads back to the dashboard", async () => {
    const res = await page.goto("/CRWL/issues/CRWL-999");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This page does not exist" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Company" })).toBeVisible();
    await expect(page.getByTestId("current-company")).toHaveText(company.name);
    await snap(page, testInfo, "01-company-404-light");
    await page.emulateMedia({ colorScheme: "dark" });
    // the 404 may come as an error shell, drawn in the browser: the theme still follows the system setting
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await snap(page, testInfo, "02-company-404-dark");
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, testInfo, "03-company-404-dark-390");
    await page.emulateMedia({ colorScheme: "light" });
    await snap(page, testInfo, "04-company-404-light-390");
    await page.setViewportSize({ width: 1360, height: 900 });
    await page.getByRole("link", { name: "Back to the dashboard" }).click();
    await page.waitForURL(/\/CRWL\/dashboard$/);
  });

  await test.step("no link on any page is dead", async () => {
    const links = new Set<string>();
    for (const url of visited) {
      await page.goto(url);
      for (const link of await linksOn(page)) links.add(link);
    }
    expect(links.size).toBeGreaterThan(20);
    const dead: string[] = [];
    for (const link of links) {
      const res = await page.request.get(link);
      if (res.status() >= 400) dead.push(`${link} → ${res.status()}`);
    }
    expect(dead).toEqual([]);
  });
  await api.dispose();
});
