// The first-run journey of a board user: the setup URL `npm start` printed → first account →
// a company → its CEO and an engineer under it → the org chart → sign out → sign in again.
import { ADMIN, expect, setupURL, snap, test } from "./fixtures";

test("first run: set up, create a company and its first agents, sign out and back in", async ({ page }, testInfo) => {
  await test.step("the setup URL creates the first board user and signs them in", async () => {
    await page.goto(setupURL());
    await expect(page.getByRole("heading", { name: "Welcome to Charter" })).toBeVisible();
    await snap(page, testInfo, "01-setup");
    await page.getByLabel("Your name").fill(ADMIN.name);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Create account and continue" }).click();
    await page.waitForURL(/\/companies$/);
    await expect(page.getByTestId("user-name")).toHaveText(ADMIN.name);
    await expect(page.getByText("No companies yet")).toBeVisible();
    await snap(page, testInfo, "02-companies-empty");
  });

  await test.step("the setup link works only once", async () => {
    await page.goto(setupURL());
    await expect(page.getByRole("heading", { name: "This setup link cannot be used" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to sign in" })).toHaveAttribute("href", "/login");
  });

  await test.step("an instance admin creates a company", async () => {
    await page.goto("/companies");
    await page.getByRole("button", { name: "Create your first company" }).click();
    const dialog = page.getByRole("dialog", { name: "New company" });
    await dialog.getByLabel("Name").fill("Acme Robotics");
    await dialog.getByLabel("Description").fill("Builds helpful robots, run by agents.");
    await dialog.getByLabel("Issue prefix").fill("acme");
    await dialog.getByLabel("Monthly budget").fill("1,500");
    await snap(page, testInfo, "03-new-company");
    await dialog.getByRole("button", { name: "Create company" }).click();
    await page.waitForURL(/\/ACME\/agents$/);
    await expect(page.getByTestId("current-company")).toHaveText("Acme Robotics");
    await expect(page.getByText("No agents yet")).toBeVisible();
    await snap(page, testInfo, "04-agents-empty");
  });

  await test.step("a new company's other pages start empty", async () => {
    await page.getByRole("link", { name: "Org chart" }).click();
    await expect(page.getByText("Nobody here yet")).toBeVisible();
    await snap(page, testInfo, "04b-org-empty");
    await page.getByRole("link", { name: "Activity" }).click();
    await expect(page.getByTestId("activity-item")).toHaveCount(1);
    await expect(page.getByTestId("activity-item")).toContainText("You created the company Acme Robotics with prefix ACME");
    await snap(page, testInfo, "04c-activity");
    await page.getByRole("link", { name: "Settings" }).click();
    await expect(page.getByTestId("issue-prefix")).toHaveText("ACME");
    await expect(page.getByLabel("Monthly budget")).toHaveValue("1500");
    await snap(page, testInfo, "04d-settings");
    await page.getByRole("link", { name: "Agents" }).click();
    await expect(page.getByText("No agents yet")).toBeVisible();
  });

  await test.step("the CEO, then an engineer reporting to it", async () => {
    await page.getByRole("button", { name: "New agent" }).click();
    let dialog = page.getByRole("dialog", { name: "New agent" });
    await expect(dialog.getByLabel("Role")).toHaveValue("ceo");
    await dialog.getByLabel("Name").fill("Iris");
    await dialog.getByLabel("Title").fill("Chief Executive Officer");
    await dialog.getByLabel("Monthly budget").fill("200");
    await snap(page, testInfo, "05-new-agent-ceo");
    await dialog.getByRole("button", { name: "Create agent" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("agent-row")).toHaveCount(1);

    await page.getByRole("button", { name: "New agent" }).click();
    dialog = page.getByRole("dialog", { name: "New agent" });
    await expect(dialog.getByLabel("Role")).toHaveValue("engineer");
    await dialog.getByLabel("Name").fill("Grace");
    await dialog.getByLabel("Title").fill("Backend engineer");
    await dialog.getByLabel("Reports to").selectOption({ label: "Iris · CEO" });
    await dialog.getByLabel("Monthly budget").fill("50.5");
    await dialog.getByRole("button", { name: "Create agent" }).click();
    await expect(dialog).toBeHidden();

    const rows = page.getByTestId("agent-row");
    await expect(rows).toHaveCount(2);
    const grace = rows.filter({ hasText: "Grace" });
    await expect(grace).toContainText("Engineer");
    await expect(grace).toContainText("Iris");
    await expect(grace).toContainText("$50.50");
    await snap(page, testInfo, "06-agents");
  });

  await test.step("a duplicate name is refused by the API and shown in the form", async () => {
    await page.getByRole("button", { name: "New agent" }).click();
    const dialog = page.getByRole("dialog", { name: "New agent" });
    await dialog.getByLabel("Name").fill("grace");
    await dialog.getByRole("button", { name: "Create agent" }).click();
    await expect(dialog.getByRole("alert")).toContainText("An agent named 'grace' already exists");
    await snap(page, testInfo, "07-duplicate-name");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByTestId("agent-row")).toHaveCount(2);
  });

  await test.step("both agents are on the org chart, the engineer under the CEO", async () => {
    await page.getByRole("link", { name: "Org chart" }).click();
    await page.waitForURL(/\/ACME\/org$/);
    const nodes = page.getByTestId("org-node");
    await expect(nodes).toHaveCount(2);
    const ceoItem = page.locator(".org-root > .org-item").filter({ has: page.getByText("Iris", { exact: true }) });
    await expect(ceoItem.locator(".org-level .org-item")).toContainText("Grace");
    await snap(page, testInfo, "08-org");
    await nodes.filter({ hasText: "Grace" }).click();
    await page.waitForURL(/\/ACME\/agents\/grace$/);
    await expect(page.getByTestId("chain-of-command")).toContainText("Iris");
  });

  await test.step("sign out; board pages then send you to sign in and back", async () => {
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/login$/);
    await page.goto("/ACME/org");
    await page.waitForURL(/\/login\?callbackUrl=%2FACME%2Forg$/);
    await page.goto("/");
    await page.waitForURL(/\/login\?callbackUrl=/);
  });

  await test.step("a wrong password is refused; the right one signs in again", async () => {
    await page.goto("/login?callbackUrl=%2FACME%2Forg");
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Wrong email or password" })).toBeVisible();
    await snap(page, testInfo, "09-login-wrong");
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/ACME\/org$/);
    await expect(page.getByTestId("org-node")).toHaveCount(2);
    await expect(page.getByTestId("user-name")).toHaveText(ADMIN.name);
  });
});
