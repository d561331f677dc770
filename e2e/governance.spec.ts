// Governance and money: a CEO agent's hire request appears in the approval queue, the board approves
// it and the agent turns idle; the approval page shows its thread and linked issues; the costs page
// and the dashboard show posted cost events; the activity page filters.
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, post } from "./api";

async function agentApi(board: APIRequestContext, agentId: string): Promise<APIRequestContext> {
  const { token } = await post<{ token: string }>(board, `/api/agents/${agentId}/keys`, { name: "e2e" });
  return playwrightRequest.newContext({ baseURL: process.env.CHARTER_E2E_BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
}

test("empty governance pages read well", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  await createCompany(api, "Quiet Co", { issuePrefix: "QUIET" });
  await api.dispose();
  await page.goto("/QUIET/approvals");
  await expect(page.getByText("Nothing waits for the board")).toBeVisible();
  await snap(page, testInfo, "01-approvals-empty");
  await page.goto("/QUIET/costs");
  await expect(page.getByTestId("spend-chart")).toBeVisible();
  await expect(page.getByTestId("range-total")).toHaveText("$0.00");
  await snap(page, testInfo, "02-costs-empty");
  await page.goto("/QUIET/dashboard");
  await expect(page.getByTestId("stat-agents")).toHaveText("0");
  await snap(page, testInfo, "03-dashboard-empty");
});

test("a CEO's hire is approved from the queue; costs and the dashboard show posted events", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const board = await boardApi(page);
  const company = await createCompany(board, "Hiring Hall", { issuePrefix: "HIRE", budgetMonthlyCents: 10_000 });
  const ceo = await createAgent(board, company.id, { name: "Cleo", role: "ceo", title: "Chief Executive", icon: "crown", budgetMonthlyCents: 5_000 });
  const ceoApi = await agentApi(board, ceo.id);
  const issue = await post<{ id: string; identifier: string }>(board, `/api/companies/${company.id}/issues`, { title: "Staff the platform team" });

  const hire = await post<{ agent: { id: string; urlKey: string }; approval: { id: string } }>(ceoApi, `/api/companies/${company.id}/agent-hires`, {
    name: "Devon", role: "engineer", title: "Platform engineer", icon: "code", capabilities: "Kubernetes, Go", budgetMonthlyCents: 2_500, reason: "The platform needs an owner",
  });
  await post(ceoApi, `/api/issues/${issue.id}/approvals`, { approvalId: hire.approval.id });
  await post(ceoApi, `/api/approvals/${hire.approval.id}/comments`, { body: `Needed for ${issue.identifier}.` });

  await test.step("the hire waits in the queue with what is asked", async () => {
    await page.goto("/HIRE/approvals");
    const card = page.getByTestId("approval-card").filter({ hasText: "Hire Devon" });
    await expect(card).toBeVisible();
    await expect(card.getByTestId("hire-name")).toHaveText("Devon");
    await expect(card).toContainText("Platform engineer");
    await expect(card).toContainText("Requested by Cleo");
    await expect(card.getByTestId("hire-adapter")).toContainText("Runs as Process");
    await expect(card.getByTestId("cannot-run")).toHaveText("cannot run: no command is set");
    await expect(card).toContainText("The platform needs an owner");
    await snap(page, testInfo, "10-queue");
  });

  await test.step("the approval page shows the thread and the linked issue; the board approves", async () => {
    await page.getByRole("link", { name: "Hire Devon" }).click();
    await page.waitForURL(`**/HIRE/approvals/${hire.approval.id}`);
    await expect(page.getByTestId("approval-comments")).toContainText(`Needed for ${issue.identifier}.`);
    await expect(page.getByTestId("linked-issues")).toContainText("Staff the platform team");
    await page.getByLabel("Note for the requester").fill("Welcome aboard");
    await page.getByRole("button", { name: "Approve" }).click();
    // a hire is approved with what it runs, in the same dialog
    const dialog = page.getByRole("dialog", { name: "Approve Devon" });
    await dialog.getByLabel("Command", { exact: true }).fill("echo hello from Devon");
    await dialog.getByRole("button", { name: "Approve", exact: true }).click();
    await expect(page.getByTestId("approval-status")).toHaveText("Approved");
    await page.getByLabel("Comment").fill("Approved: start with the CI.");
    await page.getByRole("button", { name: "Comment" }).click();
    await expect(page.getByTestId("approval-comments")).toContainText("Approved: start with the CI.");
    await snap(page, testInfo, "11-approval-detail");
  });

  await test.step("the hired agent is idle, with the command set on approval", async () => {
    await page.goto(`/HIRE/agents/${hire.agent.urlKey}`);
    await expect(page.getByTestId("agent-status")).toHaveText("Idle");
    await expect(page.getByTestId("agent-cannot-run")).toHaveCount(0);
  });

  await test.step("the costs page shows posted events", async () => {
    const events = [
      { agentId: ceo.id, provider: "anthropic", model: "claude", inputTokens: 1200, outputTokens: 300, costCents: 4_200 },
      { agentId: ceo.id, provider: "anthropic", model: "claude", inputTokens: 800, outputTokens: 200, costCents: 345 },
    ];
    // a fresh context: the first one's keep-alive socket may have been closed by the server meanwhile
    const reporter = await agentApi(board, ceo.id);
    for (const e of events) await post(reporter, `/api/companies/${company.id}/cost-events`, e);
    await reporter.dispose();
    await page.goto("/HIRE/costs");
    await expect(page.getByTestId("range-total")).toHaveText("$45.45");
    const row = page.getByTestId("agent-cost-row").filter({ hasText: "Cleo" });
    await expect(row).toContainText("$45.45");
    await expect(row).toContainText("90.9%"); // 4,545 of 5,000: past the 80% warning
    await expect(page.getByTestId("costs-by-project")).toContainText("No project");
    await expect(page.getByTestId("spend-chart").locator("rect[data-day]").first()).toBeAttached();
    await snap(page, testInfo, "12-costs");
  });

  await test.step("the dashboard sums it up", async () => {
    await page.goto("/HIRE/dashboard");
    await expect(page.getByTestId("stat-agents")).toHaveText("2");
    await expect(page.getByTestId("stat-spend")).toHaveText("$45.45");
    await expect(page.getByTestId("stat-approvals")).toHaveText("0");
    await expect(page.getByTestId("recent-activity")).toContainText("approved");
    await snap(page, testInfo, "13-dashboard");
  });

  await test.step("the activity page filters by actor", async () => {
    await page.goto("/HIRE/activity");
    await page.getByLabel("Actor").selectOption("agent");
    await expect(page).toHaveURL(/actorType=agent/);
    await expect(page.getByTestId("activity-list").first()).toContainText("Cleo");
    await expect(page.getByTestId("activity-item").filter({ hasText: "created the company" })).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel("Actor")).toHaveValue("agent");
    await snap(page, testInfo, "14-activity-filtered");
  });
  await ceoApi.dispose();
  await board.dispose();
});

test("settings: invite an outside agent, which joins and waits for approval", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const board = await boardApi(page);
  await createCompany(board, "Open Doors", { issuePrefix: "DOORS" });
  await page.goto("/DOORS/settings");
  await page.getByLabel("Message for the agent").fill("Help us with research");
  await page.getByRole("button", { name: "Create invite" }).click();
  const prompt = await page.getByTestId("invite-result").getByLabel("Invite prompt").inputValue();
  expect(prompt).toContain("Open Doors");
  await expect(page.getByTestId("invite-result").getByRole("status")).toContainText("This link works only on this computer");
  await snap(page, testInfo, "20-invite");
  const url = /(https?:\/\/\S+\/onboarding\.txt)/.exec(prompt)![1];
  const doc = await page.request.get(url);
  expect(doc.status()).toBe(200);
  expect(await doc.text()).toContain("Help us with research");
  const joined = await page.request.post(url.replace(/onboarding\.txt$/, "accept"), { data: { name: "Rover", role: "researcher" } });
  expect(joined.status()).toBe(201);
  await page.goto("/DOORS/approvals");
  await expect(page.getByTestId("approval-card").filter({ hasText: "Hire Rover" })).toContainText("Joined through an invite");
  await board.dispose();
});

test("approving a hire whose agent was terminated meanwhile is refused with the reason; rejecting it clears it", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const board = await boardApi(page);
  const company = await createCompany(board, "Gone Hire Co", { issuePrefix: "GONE" });
  const ceo = await createAgent(board, company.id, { name: "Cora", role: "ceo" });
  const ceoApi = await agentApi(board, ceo.id);
  const hire = await post<{ agent: { id: string }; approval: { id: string } }>(ceoApi, `/api/companies/${company.id}/agent-hires`, { name: "Wes", role: "engineer" });
  await post(board, `/api/agents/${hire.agent.id}/terminate`, {}, 200);
  await page.goto(`/GONE/approvals/${hire.approval.id}`);
  await page.getByRole("button", { name: "Approve" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Approve without it" }).click();
  await expect(page.getByTestId("decision-controls").getByRole("alert")).toContainText("no longer waiting for approval (it is terminated)");
  await expect(page.getByTestId("approval-status")).toHaveText("Pending");
  await snap(page, testInfo, "30-approve-refused");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByTestId("approval-status")).toHaveText("Rejected");
  await ceoApi.dispose();
  await board.dispose();
});
