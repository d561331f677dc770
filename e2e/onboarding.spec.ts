// The first-run journey of a board user: the setup URL `npm start` printed → first account → the
// setup guide's demo company, run to a finished task with its cost → the guide (company, CEO with a
// `process` adapter, goal and first issue, Run now) → the CEO's live run → an engineer under the CEO
// → the org chart → sign out → sign in again.
// Later specs sign in as ADMIN and open "Acme Robotics" (ACME) in the switcher.
import type { Page, TestInfo } from "@playwright/test";
import { ADMIN, expect, setupURL, snap, test } from "./fixtures";
import { watchTaskToDone } from "./demo";

const CEO_COMMAND = "echo hello from the CEO; sleep 2";

/** The page at the default width and at a phone's (390 px), when screenshots are asked for. */
async function snapBoth(page: Page, testInfo: TestInfo, name: string) {
  if (process.env.CHARTER_E2E_SCREENSHOTS !== "1") return;
  await snap(page, testInfo, name);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, testInfo, `${name}-390`);
  await page.setViewportSize(size);
}

test("first run: set up, the guide to the CEO's first run, an engineer, sign out and back in", async ({ page }, testInfo) => {
  test.setTimeout(240_000);

  await test.step("the setup URL creates the first board user and opens the setup guide", async () => {
    await page.goto(setupURL());
    await expect(page.getByRole("heading", { name: "Welcome to Charter" })).toBeVisible();
    await snap(page, testInfo, "01-setup");
    await page.getByLabel("Your name").fill(ADMIN.name);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Create account and continue" }).click();
    await page.waitForURL(/\/onboarding$/);
    await expect(page.getByRole("heading", { name: "Set up your first company" })).toBeVisible();
    await expect(page.getByTestId("user-name")).toHaveText(ADMIN.name);
    // the strategy gate is said before anything is created
    await expect(page.getByTestId("strategy-note")).toContainText("cannot start tasks");
    await expect(page.getByTestId("strategy-note")).not.toContainText("strategy_not_approved");
    await expect(page.getByTestId("strategy-note")).toContainText("Approvals");
    await snapBoth(page, testInfo, "02-guide-company-empty");
  });

  await test.step("the setup link works only once", async () => {
    await page.goto(setupURL());
    await expect(page.getByRole("heading", { name: "This setup link cannot be used" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to sign in" })).toHaveAttribute("href", "/login");
  });

  await test.step("skipping the guide leaves an empty companies page that leads back into it", async () => {
    await page.goto("/onboarding");
    await page.getByRole("link", { name: "Skip setup" }).first().click();
    await page.waitForURL(/\/companies$/);
    await expect(page.getByText("No companies yet")).toBeVisible();
    await snapBoth(page, testInfo, "03-companies-empty");
    await page.getByRole("link", { name: "Set up your first company" }).click();
    await page.waitForURL(/\/onboarding$/);
  });

  await test.step("the guide's demo company: its scripted agents take the first task to done, with its cost", async () => {
    await snapBoth(page, testInfo, "03b-guide-demo-offer");
    await page.getByRole("button", { name: "Start with a demo company" }).click();
    await page.waitForURL(/\/DEMO\/issues\/DEMO-1$/);
    await watchTaskToDone(page, testInfo, "DEMO");
    await page.goto("/onboarding");
  });

  await test.step("the company: the server's errors beside their fields, nothing typed lost", async () => {
    const form = page.getByRole("form", { name: "Company" });
    await form.getByLabel("Name").fill("Acme Robotics");
    await form.getByLabel("What it is for").fill("Builds helpful robots, run by agents.");
    await form.getByLabel("Issue prefix").fill("a1");
    await form.getByLabel("Monthly budget").fill("lots");
    await form.getByRole("button", { name: "Create company and continue" }).click();
    await expect(form.getByText("Enter an amount in dollars")).toBeVisible();
    await form.getByLabel("Monthly budget").fill("1,500");
    await form.getByRole("button", { name: "Create company and continue" }).click();
    await expect(form.getByText("must be 2–5 upper-case letters")).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveValue("Acme Robotics");
    await expect(form.getByLabel("What it is for")).toHaveValue("Builds helpful robots, run by agents.");
    await expect(form.getByLabel("Monthly budget")).toHaveValue("1,500");
    await snapBoth(page, testInfo, "04-guide-company-error");
    await form.getByLabel("Issue prefix").fill("acme");
    await form.getByRole("button", { name: "Create company and continue" }).click();
    await page.waitForURL(/\/onboarding\?company=ACME&step=ceo$/);
    await expect(page.getByText("Setting up Acme Robotics")).toBeVisible();
  });

  await test.step("a company without a CEO asks on its dashboard to finish setting up", async () => {
    await page.goto("/ACME/dashboard");
    const card = page.getByTestId("finish-setup");
    await expect(card).toContainText("Finish setting up Acme Robotics");
    await snapBoth(page, testInfo, "05-dashboard-finish-setup");
    await card.getByRole("link", { name: "Continue setup" }).click();
    await page.waitForURL(/\/onboarding\?company=ACME&step=ceo$/);
  });

  await test.step("the CEO with a process adapter, its environment tested", async () => {
    const form = page.getByRole("form", { name: "CEO" });
    await expect(form.getByLabel("Title")).toHaveValue("Chief Executive Officer");
    await snapBoth(page, testInfo, "06-guide-ceo-empty");
    await form.getByLabel("Adapter").selectOption("process");
    await form.getByLabel("Command").fill(CEO_COMMAND);
    await form.getByLabel("Monthly budget").fill("200");
    // the configuration's schema speaks first, beside the field
    await form.getByLabel("Timeout (seconds)").fill("0");
    await form.getByLabel("Name").fill("Iris");
    await form.getByRole("button", { name: "Create the CEO" }).click();
    await expect(form.getByText(/Too small/)).toBeVisible();
    await form.getByLabel("Timeout (seconds)").fill("");
    // blank after trimming: the API refuses the name, and says so beside it
    await form.getByLabel("Name").fill("   ");
    await form.getByRole("button", { name: "Create the CEO" }).click();
    await expect(page.locator("#onb-ceo-name-error")).toBeVisible();
    await expect(form.getByLabel("Command")).toHaveValue(CEO_COMMAND);
    await expect(form.getByLabel("Monthly budget")).toHaveValue("200");
    await snapBoth(page, testInfo, "07-guide-ceo-error");
    await form.getByLabel("Name").fill("Iris");
    await form.getByRole("button", { name: "Create the CEO" }).click();
    await expect(page.getByRole("heading", { name: "Iris is your CEO" })).toBeVisible();
    await page.getByRole("button", { name: "Test environment" }).click();
    await expect(page.getByTestId("test-environment").getByRole("status")).toHaveText("Ready to run");
    await expect(page.getByRole("list", { name: "Environment checks" })).toContainText("A shell line");
    await snapBoth(page, testInfo, "08-guide-ceo-created");
    await page.getByRole("link", { name: "Continue", exact: true }).click();
    await page.waitForURL(/\/onboarding\?company=ACME&step=goal$/);
  });

  await test.step("the goal and the CEO's first issue", async () => {
    const form = page.getByRole("form", { name: "Goal and first issue" });
    await snapBoth(page, testInfo, "09-guide-goal-empty");
    await form.getByLabel("Goal").fill("  ");
    await form.getByLabel("Why it matters").fill("Homes that tidy themselves.");
    await form.getByLabel("Title").fill("Propose a strategy and the first hires");
    await form.getByRole("button", { name: "Save and continue" }).click();
    await expect(page.locator("#onb-goal-title-error")).toBeVisible();
    await expect(form.getByLabel("Title")).toHaveValue("Propose a strategy and the first hires");
    await snapBoth(page, testInfo, "10-guide-goal-error");
    await form.getByLabel("Goal").fill("Ship the first home robot by June");
    await form.getByLabel("Description").fill("A one-page plan: product, first three hires, budget split.");
    await form.getByRole("button", { name: "Save and continue" }).click();
    await page.waitForURL(/\/onboarding\?company=ACME&step=run&issue=ACME-1$/);
  });

  await test.step("Run now hands the issue to the CEO and opens its live run", async () => {
    await expect(page.getByTestId("first-issue")).toContainText("Run now assigns it to Iris");
    await expect(page.getByTestId("strategy-note")).toContainText("Iris’s first work is a strategy");
    await snapBoth(page, testInfo, "11-guide-run");
    await page.getByRole("button", { name: "Run now" }).click();
    await page.waitForURL(/\/ACME\/runs\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "Heartbeat of Iris" })).toBeVisible();
    await expect(page.getByTestId("run-log")).toContainText("hello from the CEO", { timeout: 15_000 });
    await snap(page, testInfo, "12-ceo-run-live");
    await expect(page.getByTestId("run-status")).toHaveText("Succeeded", { timeout: 20_000 });
    await expect(page.getByRole("link", { name: "ACME-1 Propose a strategy and the first hires" })).toBeVisible();
    await snapBoth(page, testInfo, "13-ceo-run-done");
  });

  await test.step("with a CEO the guide is not offered again", async () => {
    await page.goto("/onboarding?company=ACME");
    await page.waitForURL(/\/ACME\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByTestId("finish-setup")).toHaveCount(0);
    await page.goto("/ACME/issues/ACME-1");
    await expect(page.getByRole("heading", { name: "Propose a strategy and the first hires" })).toBeVisible();
    await expect(page.locator("#issue-goal-control option:checked")).toHaveText("Ship the first home robot by June");
  });

  await test.step("the new company's other pages", async () => {
    await page.goto("/ACME/org");
    await expect(page.getByTestId("org-node")).toHaveCount(1);
    await page.getByRole("link", { name: "Activity" }).click();
    await expect(page.getByTestId("activity-item").filter({ hasText: "You created the company Acme Robotics with prefix ACME" })).toHaveCount(1);
    await page.getByRole("link", { name: "Settings" }).click();
    await expect(page.getByTestId("issue-prefix")).toHaveText("ACME");
    await expect(page.getByLabel("Monthly budget")).toHaveValue("1500");
    await page.getByRole("link", { name: "Agents" }).click();
    await expect(page.getByTestId("agent-row")).toHaveCount(1);
  });

  await test.step("an engineer reporting to the CEO", async () => {
    await page.getByRole("button", { name: "New agent" }).click();
    const dialog = page.getByRole("dialog", { name: "New agent" });
    await expect(dialog.getByLabel("Role")).toHaveValue("engineer");
    await dialog.getByLabel("Name").fill("Grace");
    await dialog.getByLabel("Title").fill("Backend engineer");
    await dialog.getByLabel("Reports to").selectOption({ label: "Iris · CEO" });
    await dialog.getByLabel("Monthly budget").fill("50.5");
    await dialog.getByRole("button", { name: "Create agent" }).click();
    // the dialog offers the new agent's environment test before it closes
    await dialog.getByTestId("agent-created").getByRole("button", { name: "Done" }).click();
    await expect(dialog).toBeHidden();

    const rows = page.getByTestId("agent-row");
    await expect(rows).toHaveCount(2);
    const grace = rows.filter({ hasText: "Grace" });
    await expect(grace).toContainText("Engineer");
    await expect(grace).toContainText("Iris");
    await expect(grace).toContainText("$50.50");
    await snap(page, testInfo, "14-agents");
  });

  await test.step("a duplicate name is refused by the API and shown in the form", async () => {
    await page.getByRole("button", { name: "New agent" }).click();
    const dialog = page.getByRole("dialog", { name: "New agent" });
    await dialog.getByLabel("Name").fill("grace");
    await dialog.getByRole("button", { name: "Create agent" }).click();
    await expect(dialog.getByRole("alert")).toContainText("An agent named 'grace' already exists");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByTestId("agent-row")).toHaveCount(2);
  });

  await test.step("both agents are on the org chart, the engineer under the CEO", async () => {
    await page.getByRole("link", { name: "Org chart" }).click();
    await page.waitForURL(/\/ACME\/org$/);
    const nodes = page.getByTestId("org-node");
    await expect(nodes).toHaveCount(2);
    await expect(page.getByRole("list", { name: "Iris's reports" })).toContainText("Grace");
    await snap(page, testInfo, "15-org");
    await nodes.filter({ hasText: "Grace" }).click();
    await page.waitForURL(/\/ACME\/agents\/grace$/);
    await expect(page.getByTestId("chain-of-command")).toContainText("Iris");
  });

  await test.step("sign out; board pages then send you to sign in and back", async () => {
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/login$/);
    await page.goto("/ACME/org");
    await page.waitForURL(/\/login\?callbackUrl=%2FACME%2Forg$/);
    await page.goto("/onboarding");
    await page.waitForURL(/\/login\?callbackUrl=%2Fonboarding$/);
    await page.goto("/");
    await page.waitForURL(/\/login\?callbackUrl=/);
  });

  await test.step("a wrong password is refused; the right one signs in again", async () => {
    await page.goto("/login?callbackUrl=%2FACME%2Forg");
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Wrong email or password" })).toBeVisible();
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/ACME\/org$/);
    await expect(page.getByTestId("org-node")).toHaveCount(2);
    await expect(page.getByTestId("user-name")).toHaveText(ADMIN.name);
  });
});
