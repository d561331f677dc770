// Routines on the board: a routine created in the browser with an every-minute schedule fires on
// its own (the worker's routine tick), its run links to its issue and the issue links back; "Run
// now", a webhook whose secret is shown once and whose signed test delivery makes a run; and the
// page with none, some and many routines, in both themes and at phone width.
import type { Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, patch, post } from "./api";

const runRows = (page: Page) => page.getByTestId("routine-run");

/** Serious and critical accessibility violations in the page's main region (WCAG A and AA rules). */
async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include("main").withTags(["wcag2a", "wcag2aa"]).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

test("a schedule made in the browser fires on its minute, and its issue links back to the routine", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Routine Works", { issuePrefix: "ROUT" });
  await createAgent(api, company.id, { name: "Rory", role: "ceo", title: "Chief Executive Officer" });
  await api.dispose();

  await test.step("the empty page says what a routine is", async () => {
    await page.goto("/ROUT/routines");
    await expect(page.getByRole("heading", { name: "No routines yet" })).toBeVisible();
    await expect(page.getByText("A routine is work an agent does again and again")).toBeVisible();
    await expect(page.getByRole("link", { name: "Routines" })).toHaveAttribute("aria-current", "page");
    await snap(page, testInfo, "01-routines-empty");
  });

  await test.step("create a routine in the form", async () => {
    await page.getByRole("button", { name: "New routine" }).click();
    const dialog = page.getByRole("dialog", { name: "New routine" });
    await dialog.getByLabel("Name").fill("Minute check");
    await dialog.getByLabel("What to do").fill("Look at the **open issues** and report.");
    await dialog.getByLabel("Agent", { exact: true }).selectOption({ label: "Rory" });
    await dialog.getByLabel("Issue title").fill("{{routine}} at {{time}}");
    await expect(dialog.getByTestId("title-example")).toHaveText(/^Minute check at \d\d:\d\d$/);
    await dialog.getByLabel("Always create an issue").check();
    await snap(page, testInfo, "02-new-routine-form");
    expect(await axeViolations(page), "routine form").toEqual([]);
    await dialog.getByRole("button", { name: "Create routine" }).click();
    await page.waitForURL(/\/ROUT\/routines\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "Minute check" })).toBeVisible();
    await expect(page.getByText("No triggers yet")).toBeVisible();
  });

  await test.step("a schedule: the preview, the API's 422 under its field, then every minute", async () => {
    await page.getByRole("button", { name: "Add schedule" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a schedule" });
    await dialog.getByLabel("Time zone").fill("Europe/Paris");
    await expect(dialog.getByTestId("cron-words")).toHaveText("At 09:00, Monday through Friday");
    await expect(dialog.getByTestId("next-fire-times").getByRole("listitem")).toHaveCount(5);
    await snap(page, testInfo, "03-schedule-preview");
    expect(await axeViolations(page), "schedule dialog").toEqual([]);
    await dialog.getByLabel("Cron expression").fill("0 0 30 2 *");
    await expect(dialog.getByTestId("preview-problem")).toContainText("never fires");
    await dialog.getByRole("button", { name: "Add schedule" }).click();
    await expect(dialog.getByText("'0 0 30 2 *' never fires")).toBeVisible(); // the API's detail, under the field
    await expect(dialog.getByLabel("Cron expression")).toHaveAttribute("aria-invalid", "true");
    await dialog.getByLabel("Time zone").fill("UTC");
    await dialog.getByLabel("Cron expression").fill("* * * * *");
    await expect(dialog.getByTestId("cron-words")).toHaveText("Every minute");
    await dialog.getByRole("button", { name: "Add schedule" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("trigger-schedule")).toContainText("Every minute");
  });

  await test.step("it fires on its own within the minute, and the run links to its issue", async () => {
    // live: the runs list re-reads on the routine's activity, without a reload
    await expect(runRows(page).first()).toBeVisible({ timeout: 80_000 });
    await expect(runRows(page).first()).toContainText("Issue created");
    await expect(runRows(page).first()).toContainText("Schedule");
    // the issue's identifier comes with the page's re-render from the server, a moment after the run
    await expect(runRows(page).first().getByRole("link")).toHaveText(/^ROUT-\d+$/);
    await snap(page, testInfo, "04-routine-fired");
    await runRows(page).first().getByRole("link").click();
    await page.waitForURL(/\/ROUT\/issues\/ROUT-\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Minute check at \d\d:\d\d$/);
    const backLink = page.getByTestId("created-by-routine").getByRole("link", { name: "Minute check" });
    await expect(backLink).toBeVisible();
    await snap(page, testInfo, "05-issue-links-back");
    await backLink.click();
    await page.waitForURL(/\/ROUT\/routines\/[0-9a-f-]{36}$/);
  });

  await test.step("pause and resume; the list shows it with its last run", async () => {
    await page.getByRole("button", { name: "Pause" }).click();
    await expect(page.getByTestId("routine-status")).toHaveText("Paused");
    await page.getByRole("button", { name: "Resume" }).click();
    await expect(page.getByTestId("routine-status")).toHaveText("Active");
    await page.getByRole("link", { name: "Routines" }).first().click();
    const row = page.getByTestId("routine-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Every minute");
    await expect(row).toContainText("Issue created");
    await snap(page, testInfo, "06-routines-list");
  });

  await test.step("the company's address opens the dashboard, whose activity reads in words and links the routine", async () => {
    await page.goto("/ROUT");
    await page.waitForURL(/\/ROUT\/dashboard$/);
    const recent = page.getByTestId("recent-activity");
    await expect(recent).toContainText("resumed the routine Minute check");
    await expect(recent).toContainText("ran the routine Minute check, opening its issue");
    await expect(recent).not.toContainText(/routine fired|trigger created|[a-z]Id\b|_/);
    await expect(recent.getByRole("link", { name: "Minute check" }).first()).toHaveAttribute("href", /^\/ROUT\/routines\/[0-9a-f-]{36}$/);
    await snap(page, testInfo, "06b-dashboard-activity");
  });
});

test.describe("in Tokyo", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("a schedule's zone is searched in a list that starts at the browser's; more than daily puts the time in the default title", async ({ page }, testInfo) => {
    await signIn(page, ADMIN);
    const api = await boardApi(page);
    const company = await createCompany(api, "Zone Works", { issuePrefix: "ZONE" });
    const agent = await createAgent(api, company.id, { name: "Zia", role: "ceo" });
    const routine = await post<{ id: string }>(api, `/api/companies/${company.id}/routines`, { name: "Hourly sweep", assigneeAgentId: agent.id });
    await api.dispose();
    await page.goto(`/ZONE/routines/${routine.id}`);
    await page.getByRole("button", { name: "Add schedule" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a schedule" });
    const zone = dialog.getByRole("combobox", { name: "Time zone" });

    await test.step("the browser's zone is the default, first in the list", async () => {
      await expect(zone).toHaveValue("Asia/Tokyo");
      await zone.click();
      const options = dialog.getByRole("listbox", { name: "Matching zones" }).getByRole("option");
      await expect(options.first()).toContainText("Asia/Tokyo");
      await expect(options.first()).toContainText("your zone");
      expect(await options.count()).toBeGreaterThan(100);
    });

    await test.step("typing searches it; Escape closes the list, not the dialog; the keyboard picks", async () => {
      await zone.fill("new york");
      const list = dialog.getByRole("listbox", { name: "Matching zones" });
      await expect(list.getByRole("option")).toHaveText(["America/New York"]);
      await snap(page, testInfo, "07-zone-search");
      await zone.press("Escape");
      await expect(list).toBeHidden();
      await expect(dialog).toBeVisible();
      await zone.press("ArrowDown");
      await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
      await zone.press("Enter");
      await expect(list).toBeHidden();
      await expect(zone).toHaveValue("America/New_York");
      await expect(dialog.getByText("Next five times (America/New_York)")).toBeVisible();
    });

    await test.step("an hourly schedule: the default issue title gains the time", async () => {
      await dialog.getByRole("button", { name: "Every hour" }).click();
      await dialog.getByRole("button", { name: "Add schedule" }).click();
      await expect(dialog).toBeHidden();
      await page.reload();
      await expect(page.getByText("{{routine}} {{date}} {{time}}")).toBeVisible();
    });
  });
});

test("run now, and a webhook: the secret shown once, a signed test delivery makes a run", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Hook Works", { issuePrefix: "HOOK" });
  const agent = await createAgent(api, company.id, { name: "Hazel", role: "ceo", title: "Chief Executive Officer" });
  const routine = await post<{ id: string }>(api, `/api/companies/${company.id}/routines`, {
    name: "Deploy follow-up", assigneeAgentId: agent.id, concurrencyPolicy: "always_create", titleTemplate: "{{routine}}: {{payload.service}}",
  });
  await api.dispose();
  await page.goto(`/HOOK/routines/${routine.id}`);

  await test.step("run now answers with the run and its issue", async () => {
    await page.getByRole("button", { name: "Run now" }).click();
    await expect(page.getByTestId("run-now-result")).toContainText("Issue created");
    await expect(runRows(page)).toHaveCount(1);
    await expect(runRows(page).first()).toContainText("Run now / API");
  });

  let secret = "";
  await test.step("a webhook: URL and secret shown once, a test delivery signed in the page", async () => {
    await page.getByRole("button", { name: "Add webhook" }).click();
    const dialog = page.getByRole("dialog", { name: "Webhook created" });
    await expect(dialog.getByText("Copy the secret now: it is shown only once")).toBeVisible();
    secret = await dialog.getByLabel("Webhook secret").inputValue();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    await expect(dialog.getByLabel("Webhook URL")).toHaveValue(/\/api\/routine-triggers\/[^/]+\/fire$/);
    await snap(page, testInfo, "07-webhook-secret-once");
    expect(await axeViolations(page), "webhook dialog").toEqual([]);
    await dialog.getByRole("button", { name: "Send a test delivery" }).click();
    await expect(dialog.getByTestId("delivery-result")).toContainText("Delivered (202)");
    await expect(dialog.getByTestId("delivery-result")).toContainText("Issue created");
    await dialog.getByRole("button", { name: "I have copied it" }).click();
    await expect(dialog).toBeHidden();
    await expect(runRows(page)).toHaveCount(2);
    await expect(runRows(page).first()).toContainText("Webhook");
    // gone from the page once closed, and never in what the server renders
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    expect(await page.content()).not.toContain(secret);
  });

  await test.step("rotate: a new secret, and a delivery signed with the old one is refused", async () => {
    await page.getByRole("button", { name: "Rotate secret" }).click();
    const dialog = page.getByRole("dialog", { name: "New webhook secret" });
    const rotated = await dialog.getByLabel("Webhook secret").inputValue();
    expect(rotated).not.toBe(secret);
    await dialog.getByRole("button", { name: "I have copied it" }).click();
    await page.getByRole("button", { name: "Test with my secret…" }).click();
    await page.getByLabel("Secret", { exact: true }).fill(secret);
    await page.getByRole("button", { name: "Send a test delivery" }).click();
    await expect(page.getByTestId("delivery-result")).toContainText("Refused (401)");
    await page.getByLabel("Secret", { exact: true }).fill(rotated);
    await page.getByRole("button", { name: "Send a test delivery" }).click();
    await expect(page.getByTestId("delivery-result")).toContainText("Delivered (202)");
    await expect(runRows(page)).toHaveCount(3);
  });

  await test.step("its newest issue cancelled, the failed fire is in the inbox and leads to the routine", async () => {
    const api = await boardApi(page);
    const [newest] = (await (await api.get(`/api/routines/${routine.id}/runs?limit=1`)).json()) as Array<{ issueId: string }>;
    await patch(api, `/api/issues/${newest.issueId}`, { status: "cancelled" });
    await api.dispose();
    await page.goto("/HOOK/inbox");
    const item = page.getByRole("link", { name: /Deploy follow-up failed: its issue was cancelled/ });
    await expect(item).toBeVisible();
    await snap(page, testInfo, "07b-inbox-routine-failed");
    await item.click();
    await page.waitForURL(new RegExp(`/HOOK/routines/${routine.id}$`));
    await expect(runRows(page).first()).toContainText("Failed");
  });

  await test.step("remove the webhook, then delete the routine", async () => {
    await page.getByRole("button", { name: "Remove webhook trigger" }).click();
    await page.getByRole("dialog", { name: "Remove this trigger?" }).getByRole("button", { name: "Remove trigger" }).click();
    await expect(page.getByTestId("trigger-webhook")).toHaveCount(0);
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByRole("dialog", { name: "Delete Deploy follow-up?" }).getByRole("button", { name: "Delete routine" }).click();
    await page.waitForURL(/\/HOOK\/routines$/);
    await expect(page.getByRole("heading", { name: "No routines yet" })).toBeVisible();
  });
});

test("many routines, both themes, and a phone's width", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Busy Routines", { issuePrefix: "RBUSY" });
  const agent = await createAgent(api, company.id, { name: "Bea", role: "ceo", title: "Chief Executive Officer" });
  const crons = ["0 9 * * 1-5", "*/15 * * * *", "0 8 * * *", "30 17 * * 5", "0 0 1 * *"];
  const zones = ["Europe/Paris", "America/New_York", "UTC", "Asia/Tokyo", "Australia/Sydney"];
  for (let i = 0; i < 55; i++) {
    const r = await post<{ id: string }>(api, `/api/companies/${company.id}/routines`, {
      name: `Routine ${String(i + 1).padStart(2, "0")} ${i % 3 === 0 ? "with a rather long name that has to wrap or truncate" : "report"}`,
      assigneeAgentId: agent.id, concurrencyPolicy: i % 2 ? "skip_if_active" : "always_create", ...(i % 7 === 3 ? { status: "paused" } : {}),
    });
    if (i % 4 !== 1) await post(api, `/api/routines/${r.id}/triggers`, { kind: "schedule", cron: crons[i % 5], timezone: zones[i % 5] });
    if (i % 5 === 2) await post(api, `/api/routines/${r.id}/triggers`, { kind: "webhook" });
    if (i < 8) await post(api, `/api/routines/${r.id}/run`, undefined, 202);
    if (i < 4) await post(api, `/api/routines/${r.id}/run`, undefined, 202);
  }

  await page.goto("/RBUSY/routines");
  await expect(page.getByTestId("routine-row")).toHaveCount(55);
  await expect(page.getByText("55 routines")).toBeVisible();
  await snap(page, testInfo, "08-routines-many-light");
  expect(await axeViolations(page), "light list").toEqual([]);
  await patch(api, "/api/board/me", { theme: "dark" });
  try {
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await snap(page, testInfo, "09-routines-many-dark");
    expect(await axeViolations(page), "dark list").toEqual([]);
    await page.getByTestId("routine-row").first().getByRole("link").first().click();
    await page.waitForURL(/\/RBUSY\/routines\/[0-9a-f-]{36}$/);
    await expect(runRows(page)).toHaveCount(2);
    await snap(page, testInfo, "10-routine-dark");
    expect(await axeViolations(page), "dark routine page").toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of [page.url(), "/RBUSY/routines"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal scroll on ${path}`).toBeLessThanOrEqual(0);
    }
    await snap(page, testInfo, "11-routines-phone-dark");
  } finally {
    await patch(api, "/api/board/me", { theme: "system" });
    await api.dispose();
  }
  await page.reload();
  await snap(page, testInfo, "12-routines-phone-light");
});
