// Readiness: an agent whose adapter cannot run says "cannot run: <why>" on the agents
// list, its page, the org chart and the hire approval card; the new-agent form refuses a process agent
// without a command; a hire is approved with what it runs. An agent in error shows why and one action;
// Run now opens the run; the manager picker searches a page at a time.
import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, post } from "./api";

async function agentApi(board: APIRequestContext, agentId: string): Promise<APIRequestContext> {
  const { token } = await post<{ token: string }>(board, `/api/agents/${agentId}/keys`, { name: "e2e" });
  return playwrightRequest.newContext({ baseURL: process.env.CHARTER_E2E_BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
}

async function themes(page: Page, run: (suffix: string) => Promise<void>) {
  await run("light");
  await page.emulateMedia({ colorScheme: "dark" });
  await run("dark");
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 390, height: 844 });
  await run("390");
  await page.setViewportSize({ width: 1360, height: 900 });
}

const OFF_PATH = "charter-no-such-cli is not found on the server's PATH, or is not executable";

test("an agent that cannot run says why everywhere; a hire is approved with what it runs", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const board = await boardApi(page);
  const company = await createCompany(board, "Ready Works", { issuePrefix: "RDY" });
  const ceo = await createAgent(board, company.id, { name: "Cleo", role: "ceo", adapterConfig: { command: "true" } });
  const eng = await createAgent(board, company.id, { name: "Orin", role: "engineer", reportsTo: ceo.id, adapterConfig: { command: "charter-no-such-cli --work" } });
  const ceoApi = await agentApi(board, ceo.id);
  const hire = await post<{ agent: { id: string; urlKey: string }; approval: { id: string } }>(ceoApi, `/api/companies/${company.id}/agent-hires`, { name: "Devon", role: "engineer", reason: "More hands" });

  await test.step("the agents list", async () => {
    await page.goto("/RDY/agents");
    await expect(page.locator(`#agent-row-${eng.id}`).getByTestId("cannot-run")).toHaveText(`cannot run: ${OFF_PATH}`);
    await expect(page.locator(`#agent-row-${ceo.id}`)).toBeVisible();
    await expect(page.locator(`#agent-row-${ceo.id}`).getByTestId("cannot-run")).toHaveCount(0);
    await themes(page, (s) => snap(page, testInfo, `01-agents-${s}`));
  });

  await test.step("its page", async () => {
    await page.goto(`/RDY/agents/${eng.urlKey}`);
    await expect(page.getByText(`Cannot run: ${OFF_PATH}`)).toBeVisible();
    await expect(page.getByTestId("agent-cannot-run")).toBeVisible();
    await expect(page.getByTestId("keys-explained")).toContainText("Every run gets its own short-lived key");
    await themes(page, (s) => snap(page, testInfo, `02-agent-${s}`));
  });

  await test.step("the org chart", async () => {
    await page.goto("/RDY/org");
    const node = page.getByTestId("org-node").filter({ hasText: "Orin" });
    await expect(node.getByTestId("cannot-run")).toContainText("cannot run: charter-no-such-cli");
    await themes(page, (s) => snap(page, testInfo, `03-org-${s}`));
  });

  await test.step("the hire's approval card shows its adapter and why it cannot run; approving sets its command", async () => {
    await page.goto("/RDY/approvals");
    const card = page.getByTestId("approval-card").filter({ hasText: "Hire Devon" });
    await expect(card.getByTestId("hire-adapter")).toContainText("Runs as Process");
    await expect(card.getByTestId("cannot-run")).toHaveText("cannot run: no command is set");
    await themes(page, (s) => snap(page, testInfo, `04-approval-card-${s}`));
    await card.getByRole("button", { name: "Approve" }).click();
    const dialog = page.getByRole("dialog", { name: "Approve Devon" });
    // the form's own rule first: a process agent needs a command
    await dialog.getByRole("button", { name: "Approve", exact: true }).click();
    await expect(dialog).toContainText("is required for a process agent");
    await snap(page, testInfo, "05-approve-dialog");
    await dialog.getByLabel("Command", { exact: true }).fill("true");
    await dialog.getByRole("button", { name: "Approve", exact: true }).click();
    await expect(dialog).toBeHidden();
    await page.goto(`/RDY/agents/${hire.agent.urlKey}`);
    await expect(page.getByTestId("agent-status")).toHaveText("Idle");
    await expect(page.getByTestId("agent-cannot-run")).toHaveCount(0);
  });

  await test.step("the new-agent form refuses a process agent without a command", async () => {
    await page.goto("/RDY/agents");
    await page.getByRole("button", { name: "New agent" }).click();
    const dialog = page.getByRole("dialog", { name: "New agent" });
    await dialog.getByLabel("Name").fill("Empty");
    await dialog.getByLabel("Adapter", { exact: true }).selectOption("process");
    await dialog.getByRole("button", { name: "Create agent" }).click();
    await expect(dialog).toContainText("is required for a process agent");
    await snap(page, testInfo, "06-new-agent-refused");
    const agents = await (await board.get(`/api/companies/${company.id}/agents?q=Empty`)).json();
    expect(agents).toEqual([]);
  });
  await ceoApi.dispose();
  await board.dispose();
});

test("an agent in error shows why and one action; Run now opens the run", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const board = await boardApi(page);
  const company = await createCompany(board, "Failing Works", { issuePrefix: "FAIL" });
  const agent = await createAgent(board, company.id, { name: "Fenn", role: "ceo", adapterConfig: { command: "echo giving up >&2; exit 3" } });
  await post(board, `/api/agents/${agent.id}/wakeup`, {}, 202);
  await expect.poll(async () => (await (await board.get(`/api/agents/${agent.id}`)).json()).status, { timeout: 30_000 }).toBe("error");

  await page.goto(`/FAIL/agents/${agent.urlKey}`);
  await expect(page.getByTestId("agent-error-reason")).not.toBeEmpty();
  await expect(page.getByTestId("agent-error-reason")).toContainText("3");
  await expect(page.getByRole("button", { name: "Pause" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Resume" })).toBeVisible();
  await themes(page, (s) => snap(page, testInfo, `10-error-${s}`));
  await page.getByRole("link", { name: "Open the run" }).click();
  await page.waitForURL(/\/FAIL\/runs\/[0-9a-f-]{36}$/);

  await page.goto(`/FAIL/agents/${agent.urlKey}`);
  await page.getByRole("button", { name: "Resume" }).click();
  await expect(page.getByTestId("agent-status")).toHaveText("Idle");
  await page.getByTestId("agent-runs").getByRole("button", { name: "Run now" }).click();
  await page.waitForURL(/\/FAIL\/runs\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Heartbeat of Fenn" })).toBeVisible();
  await board.dispose();
});

test("the manager picker searches a company of many agents a page at a time", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const board = await boardApi(page);
  const company = await createCompany(board, "Many Hands", { issuePrefix: "MANY" });
  const ceo = await createAgent(board, company.id, { name: "Mara", role: "ceo" });
  const ids: string[] = [];
  for (let i = 1; i <= 45; i++) {
    ids.push((await createAgent(board, company.id, { name: `Hand ${String(i).padStart(3, "0")}`, role: "engineer", reportsTo: ceo.id })).id);
  }
  const last = await createAgent(board, company.id, { name: "Last One", role: "engineer", reportsTo: ceo.id });

  await page.goto(`/MANY/agents/${last.urlKey}`);
  await expect(page.getByTestId("agent-picker-value")).toHaveText(/Mara/);
  await page.getByTestId("agent-picker-value").getByRole("button", { name: "Change" }).click();
  const options = page.getByTestId("agent-picker-options").getByRole("option");
  // one page (20), not the company: the rest come with "Show more"
  await expect(options).toHaveCount(20);
  await page.getByRole("button", { name: "Show more" }).click();
  await expect(options).toHaveCount(40);
  await snap(page, testInfo, "20-picker-many");
  await page.locator("#edit-reports-to").fill("hand 042");
  await expect(options).toHaveCount(1);
  await options.first().getByRole("button").click();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("chain-of-command")).toContainText("Hand 042");
  await page.goto(`/MANY/agents/${ids[41]}`);
  await expect(page.getByText("Direct reports")).toBeVisible();
  await expect(page.getByRole("link", { name: "Last One" })).toBeVisible();
  await board.dispose();
});
