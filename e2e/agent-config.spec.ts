// Configuring an agent in the browser, no curl: the new-agent dialog's form per adapter type, a
// `process` agent with a command and an environment, its environment tested, a config change
// refused beside its field and then saved as one revision with a diff, and a run from "Run now"
// whose log shows the environment at work.
import type { Page, TestInfo } from "@playwright/test";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, post } from "./api";

/** Desktop and phone width; tall, so a dialog (which scrolls inside the window) shows its whole form. */
async function snapBoth(page: Page, testInfo: TestInfo, name: string) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: 2400 });
  await snap(page, testInfo, `${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 3000 });
  await snap(page, testInfo, `${name}-390`);
  await page.setViewportSize(size);
}

test("configure a process agent from the form, test its environment, run it", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Config Works", { issuePrefix: "CONF" });
  await createAgent(api, company.id, { name: "Quinn", role: "ceo", title: "Chief Executive Officer" });

  await page.goto("/CONF/agents");
  await page.getByRole("button", { name: "New agent" }).click();
  const dialog = page.getByRole("dialog", { name: "New agent" });
  const form = dialog.getByTestId("adapter-config-form");

  await test.step("the dialog shows each adapter type's own fields", async () => {
    await expect(form.getByLabel("Model", { exact: true })).toBeVisible();
    await expect(form.getByLabel("Allowed tools", { exact: true })).toBeVisible();
    await snapBoth(page, testInfo, "01-new-agent-claude");
    await form.getByLabel("Adapter", { exact: true }).selectOption({ label: "Codex (local)" });
    await expect(form.getByLabel("Sandbox", { exact: true })).toBeVisible();
    await form.getByLabel("Skip permission checks").check();
    await expect(form.getByText("The CLI will act without asking")).toBeVisible();
    await snapBoth(page, testInfo, "02-new-agent-codex");
    await form.getByLabel("Skip permission checks").uncheck();
    await form.getByLabel("Adapter", { exact: true }).selectOption({ label: "HTTP webhook" });
    await expect(form.getByLabel("URL", { exact: true })).toBeVisible();
    await expect(form.getByLabel("Signing secret", { exact: true })).toHaveAttribute("type", "password");
    await snapBoth(page, testInfo, "03-new-agent-http");
    await form.getByLabel("Adapter", { exact: true }).selectOption({ label: "Process" });
    await expect(form.getByLabel("Model", { exact: true })).toHaveCount(0);
  });

  await test.step("create a process agent with a command and an environment", async () => {
    await dialog.getByLabel("Name", { exact: true }).fill("Pat");
    await form.getByLabel("Command", { exact: true }).fill('echo "hello from $GREETING"; echo "token is $API_TOKEN"');
    await form.getByLabel("Working directory", { exact: true }).fill("/tmp");
    await form.getByRole("button", { name: "Add variable" }).click();
    await form.getByLabel("Name 1", { exact: true }).fill("GREETING");
    await form.getByLabel("Value 1", { exact: true }).fill("world");
    await form.getByRole("button", { name: "Add variable" }).click();
    await form.getByLabel("Name 2", { exact: true }).fill("API_TOKEN");
    await form.getByLabel("Value 2", { exact: true }).fill("tok-e2e-0123456789");
    await form.getByRole("checkbox", { name: /^Timer heartbeat/ }).check();
    await form.getByLabel("Interval (seconds)", { exact: true }).fill("30");
    await snapBoth(page, testInfo, "04-new-agent-process");
    await dialog.getByRole("button", { name: "Create agent" }).click();
    // checked in the browser by the runtime's own schema: nothing is sent, nothing typed is lost
    await expect(form.getByText("Too small: expected number to be >=60")).toBeVisible();
    await expect(form.getByLabel("Value 1", { exact: true })).toHaveValue("world");
    await form.getByLabel("Interval (seconds)", { exact: true }).fill("600");
    await dialog.getByRole("button", { name: "Create agent" }).click();
  });

  await test.step("test the new agent's environment in the dialog", async () => {
    const created = dialog.getByTestId("agent-created");
    await expect(created).toContainText("Pat is created");
    await created.getByRole("button", { name: "Test environment" }).click();
    const checks = created.getByRole("list", { name: "Environment checks" });
    await expect(checks.locator('[data-check="command"]')).toHaveAttribute("data-ok", "true");
    await expect(checks.locator('[data-check="cwd"]')).toContainText("/tmp exists and is readable");
    await expect(created.getByRole("status")).toHaveText("Ready to run");
    await snapBoth(page, testInfo, "05-new-agent-tested");
    await created.getByRole("link", { name: "Open Pat's page" }).click();
  });

  const config = page.getByRole("form", { name: "Agent configuration" });
  await test.step("the agent page: secrets stay write-only, harmless values readable, the environment test, a refused and a saved change", async () => {
    await expect(page.getByRole("heading", { name: "Pat" })).toBeVisible();
    // GREETING is not a secret-like name: its saved value reads as typed
    await expect(config.getByLabel("Value 1", { exact: true })).toHaveValue("world");
    await expect(config.getByLabel("Value 1", { exact: true })).toHaveAttribute("type", "text");
    await expect(config.getByLabel("Value 2", { exact: true })).toHaveAttribute("type", "password");
    await expect(config.getByLabel("Name 2", { exact: true })).toHaveValue("API_TOKEN");
    await expect(config.getByLabel("Value 2", { exact: true })).toHaveValue("");
    await expect(config.getByLabel("Value 2", { exact: true })).toHaveAttribute("placeholder", /stored/);
    expect(await page.content()).not.toContain("tok-e2e-0123456789");

    await page.getByTestId("test-environment").getByRole("button", { name: "Test environment" }).click();
    await expect(page.getByTestId("test-environment").getByRole("status")).toHaveText("Ready to run");
    await snapBoth(page, testInfo, "06-agent-config-tested");

    await config.getByLabel("Timeout (seconds)", { exact: true }).fill("0");
    await config.getByRole("button", { name: "Save configuration" }).click();
    await expect(config.getByText("Too small: expected number to be >=1")).toBeVisible();
    await config.getByLabel("Timeout (seconds)", { exact: true }).fill("120");
    await config.getByLabel("Value 1", { exact: true }).fill("again");
    await config.getByRole("button", { name: "Save configuration" }).click();
    await expect(config.getByRole("status")).toHaveText("Saved");
  });

  await test.step("the save is one revision; its diff names the keys, harmless values as they are, secrets never", async () => {
    const revisions = page.getByTestId("config-revisions");
    await expect(revisions.getByRole("listitem")).toHaveCount(2);
    await revisions.getByRole("listitem").first().locator("summary").first().click();
    const diff = revisions.getByTestId("revision-diff").first();
    await expect(diff.locator('[data-change="adapterConfig.timeoutSec"]')).toContainText("120");
    await expect(diff.locator('[data-change="adapterConfig.timeoutSec"]')).toBeVisible();
    await expect(diff.locator('[data-change="adapterConfig.env.GREETING"]')).toContainText("again");
    await expect(diff).not.toContainText("tok-e2e-0123456789");
    await revisions.scrollIntoViewIfNeeded();
    await snapBoth(page, testInfo, "07-revision-diff");
    if (process.env.CHARTER_E2E_SCREENSHOTS === "1") {
      await page.setViewportSize({ width: 390, height: 844 });
      await revisions.screenshot({ path: testInfo.outputPath("07-revision-diff-card-390.png") });
      await config.screenshot({ path: testInfo.outputPath("06-config-card-390.png") });
      await page.setViewportSize({ width: 1360, height: 900 });
    }
  });

  await test.step("run it: the run and its log, with the environment's values", async () => {
    const runs = page.getByTestId("agent-runs");
    await runs.getByRole("button", { name: "Run now" }).click();
    await page.waitForURL(/\/runs\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await expect(page.getByTestId("run-status")).toHaveText("Succeeded", { timeout: 20_000 });
    await expect(page.getByTestId("run-log")).toContainText("hello from again");
    // an environment value of 8+ characters never reaches the log
    await expect(page.getByTestId("run-log")).not.toContainText("tok-e2e-0123456789");
    await snap(page, testInfo, "08-run");
  });
});

test("Resume on an agent whose month is spent says why and offers to raise its budget", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Spent Works", { issuePrefix: "SPNT" });
  const agent = await createAgent(api, company.id, { name: "Sage", role: "ceo", budgetMonthlyCents: 1000 });
  await post(api, `/api/companies/${company.id}/cost-events`, { agentId: agent.id, provider: "anthropic", model: "sonnet", costCents: 1200 });

  await page.goto(`/SPNT/agents/${agent.urlKey}`);
  await expect(page.getByTestId("agent-status")).toHaveText("Paused · budget");
  await page.getByRole("button", { name: "Resume" }).click();
  const refusal = page.getByRole("form", { name: "Raise budget" });
  await expect(page.getByText("Sage has spent $12.00 of its $10.00 monthly budget")).toBeVisible();
  await expect(page.getByTestId("agent-status")).toHaveText("Paused · budget");
  await snap(page, testInfo, "09-resume-over-budget");
  await refusal.getByLabel("New monthly budget").fill("10");
  await refusal.getByRole("button", { name: "Raise and resume" }).click();
  await expect(refusal.getByText(/More than this month's spend/)).toBeVisible();
  await refusal.getByLabel("New monthly budget").fill("50");
  await refusal.getByRole("button", { name: "Raise and resume" }).click();
  await expect(page.getByTestId("agent-status")).toHaveText("Idle");
  await expect(refusal).toHaveCount(0);
});
