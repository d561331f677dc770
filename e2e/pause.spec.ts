// Pause and resume from the board: a company pauses from its settings, every company page shows the
// banner, a wake made meanwhile waits and runs after resume; the instance admin pauses every company.
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, post } from "./api";

test("pause: a company and the instance, the banner, the kept wake runs after resume", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Pause Works", { issuePrefix: "PAUS" });
  const ceo = await createAgent(api, company.id, { name: "Pia", role: "ceo" });
  const wakes = async () => (await (await api.get(`/api/agents/${ceo.id}/wakeups`)).json()) as { id: string; status: string }[];

  await test.step("pause the company from its settings; the banner is on every company page", async () => {
    await page.goto("/PAUS/settings");
    await expect(page.getByTestId("pause-banner")).toHaveCount(0);
    const card = page.locator("#pause");
    await card.scrollIntoViewIfNeeded();
    await snap(page, testInfo, "00-settings-running");
    await card.getByLabel("Let running runs finish").check();
    await card.getByRole("button", { name: "Pause company" }).click();
    await expect(page.getByTestId("pause-banner")).toContainText("no new run starts and wakes are kept");
    await expect(card.getByTestId("pause-state")).toContainText("runs that were running may finish");
    await snap(page, testInfo, "01-company-paused-settings");
    await page.goto("/PAUS/issues");
    await expect(page.getByRole("status").filter({ hasText: "Pause Works is paused" })).toBeVisible();
    // dark theme (the system's, so the shared user's pick is untouched) and a phone's width
    await page.emulateMedia({ colorScheme: "dark" });
    await snap(page, testInfo, "02-company-paused-issues-dark");
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId("pause-banner")).toBeInViewport();
    await snap(page, testInfo, "03-company-paused-issues-390-dark");
    await page.goto("/PAUS/settings#pause");
    await expect(page.locator("#pause").getByRole("button", { name: "Resume" })).toBeVisible();
    await snap(page, testInfo, "04-settings-390-dark");
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize({ width: 1360, height: 900 });
  });

  await test.step("a wake made while paused waits, and runs once after resume", async () => {
    const wake = await post<{ id: string; status: string }>(api, `/api/agents/${ceo.id}/wakeup`, { note: "while paused" }, 202);
    await page.waitForTimeout(1500);
    expect((await wakes()).find((w) => w.id === wake.id)?.status).toBe("queued");
    await page.goto("/PAUS/dashboard");
    await page.getByRole("link", { name: "Resume in settings" }).click();
    await page.waitForURL(/\/PAUS\/settings#pause$/);
    await page.locator("#pause").getByRole("button", { name: "Resume" }).click();
    await expect(page.getByTestId("pause-banner")).toHaveCount(0);
    await expect.poll(async () => (await wakes()).find((w) => w.id === wake.id)?.status, { timeout: 30_000 }).toBe("started");
  });

  await test.step("the instance admin pauses every company from the companies page, and resumes", async () => {
    try {
      await page.goto("/companies");
      await page.getByRole("button", { name: "Pause every company" }).click();
      await expect(page.getByTestId("pause-banner")).toBeVisible();
      await snap(page, testInfo, "05-instance-paused");
      await page.goto("/PAUS/agents");
      await expect(page.getByRole("status").filter({ hasText: "Every company of this Charter instance is paused" })).toBeVisible();
      await page.goto("/companies");
      await page.locator("#pause").getByRole("button", { name: "Resume" }).click();
      await expect(page.getByTestId("pause-banner")).toHaveCount(0);
    } finally {
      // the other journeys share this instance
      await api.post("/api/instance/resume");
    }
  });
  await api.dispose();
});
