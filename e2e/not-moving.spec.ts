// The "Not moving" page acts in place. Each reason is made to happen on the real database and found by
// the liveness sweep in the worker (CHARTER_LIVENESS_TICK_MS=1000 in global setup); the board user acts
// from the row (Raise budget, Reassign, Unblock, Release) and the issue moves: its row is gone and the
// API says moving. Only what needs hours (a checkout idle past its limit) is dated back in SQL.
// The viewer is in New York: the liveness line is in the viewer's zone, not UTC.
import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, patch, post } from "./api";
import { withE2eDatabase } from "./db";

test.use({ timezoneId: "America/New_York" });
// each journey waits for the sweep (up to 30 s) once or twice
test.describe.configure({ timeout: 120_000 });

type Issue = { id: string; identifier: string; status: string; assigneeAgentId: string | null; blockedByIssueIds?: string[]; liveness: { state: string; reason?: string } };

const getIssue = async (api: APIRequestContext, id: string) => (await (await api.get(`/api/issues/${id}`)).json()) as Issue;
const reasonOf = async (api: APIRequestContext, id: string) => (await getIssue(api, id)).liveness.reason ?? "moving";

async function company(page: Page, name: string, prefix: string) {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const c = await createCompany(api, name, { issuePrefix: prefix });
  return { api, company: c };
}

async function stalledRow(page: Page, api: APIRequestContext, prefix: string, issue: { id: string; identifier: string }, reason: string) {
  await expect.poll(() => reasonOf(api, issue.id), { timeout: 30_000 }).toBe(reason);
  await page.goto(`/${prefix}/stalled?reason=${reason}`);
  return page.getByTestId("stalled-row").filter({ hasText: issue.identifier });
}

test("an agent paused over its budget: Raise budget in the row, by keyboard, resumes it and its issue moves", async ({ page }) => {
  const { api, company: c } = await company(page, "Budget Bay", "NMBU");
  const mara = await createAgent(api, c.id, { name: "Mara Quinn", role: "engineer", budgetMonthlyCents: 100 });
  await post(api, `/api/companies/${c.id}/cost-events`, { agentId: mara.id, provider: "anthropic", model: "claude-sonnet", costCents: 150 });
  await expect.poll(async () => (await (await api.get(`/api/agents/${mara.id}`)).json()).status).toBe("paused");
  const issue = await post<Issue>(api, `/api/companies/${c.id}/issues`, { title: "Ship the pricing page", status: "todo", assigneeAgentId: mara.id });

  const row = await stalledRow(page, api, "NMBU", issue, "agent_over_budget");
  await expect(row).toContainText(/Not moving since \d\d:\d\d: Mara Quinn is paused over budget/);
  await expect(row).not.toContainText("UTC");
  await row.getByRole("button", { name: "Raise budget" }).focus();
  await page.keyboard.press("Enter");
  const budget = row.getByLabel("New monthly budget");
  await expect(budget).toBeFocused();
  await expect(row).toContainText("Mara Quinn has spent $1.50 of $1 this month.");
  // a budget under the month's spend would leave her paused: said in the row, nothing sent
  await budget.fill("1");
  await page.keyboard.press("Enter");
  await expect(row.getByRole("alert")).toContainText("Above the $1.50 already spent this month");
  await budget.fill("25");
  await page.keyboard.press("Enter");
  await expect(row.getByRole("status")).toContainText("Mara Quinn can work again");
  const after = await (await api.get(`/api/agents/${mara.id}`)).json();
  expect(after).toMatchObject({ budgetMonthlyCents: 2500 });
  expect(after.status).not.toBe("paused");
  await expect.poll(() => reasonOf(api, issue.id), { timeout: 30_000 }).toBe("moving");
  await page.reload();
  await expect(page.getByTestId("stalled-row").filter({ hasText: issue.identifier })).toHaveCount(0);
  await api.dispose();
});

test("a paused agent's issue: Reassign in the row offers only agents who can take work and moves it at once", async ({ page }) => {
  const { api, company: c } = await company(page, "Reassign Reach", "NMRA");
  const mara = await createAgent(api, c.id, { name: "Mara Quinn", role: "engineer" });
  const theo = await createAgent(api, c.id, { name: "Theo Brandt", role: "engineer" });
  const idle = await createAgent(api, c.id, { name: "Iris Vale", role: "engineer" });
  await post(api, `/api/agents/${idle.id}/pause`, {}, 200);
  await post(api, `/api/agents/${mara.id}/pause`, {}, 200);
  const issue = await post<Issue>(api, `/api/companies/${c.id}/issues`, { title: "Fix the invoice export", status: "todo", assigneeAgentId: mara.id });

  const row = await stalledRow(page, api, "NMRA", issue, "agent_paused");
  const toggle = row.getByRole("button", { name: "Reassign" });
  await toggle.click();
  const picker = row.getByLabel("Assign to");
  await expect(picker).toBeFocused();
  // Escape closes it and gives the keyboard back to the button; Enter opens it again
  await page.keyboard.press("Escape");
  await expect(picker).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(picker).toBeFocused();
  // neither the paused assignee nor another paused agent is offered
  await expect(picker.locator("option")).toHaveText(["Choose an agent", "Theo Brandt"]);
  await expect(row.getByRole("button", { name: "Assign", exact: true })).toBeDisabled();
  await picker.selectOption({ label: "Theo Brandt" });
  await row.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(page.getByTestId("stalled-row").filter({ hasText: issue.identifier })).toHaveCount(0);
  const after = await getIssue(api, issue.id);
  expect(after.assigneeAgentId).toBe(theo.id);
  expect(after.liveness.state).toBe("moving");
  await api.dispose();
});

test("blocked by finished work, or blocked with no word: Unblock clears the blockers, moves it to todo and wakes its agent", async ({ page }) => {
  const { api, company: c } = await company(page, "Unblock Unst", "NMUB");
  const theo = await createAgent(api, c.id, { name: "Theo Brandt", role: "engineer" });
  const blocker = await post<Issue>(api, `/api/companies/${c.id}/issues`, { title: "Pick a payment provider", status: "todo" });
  await patch(api, `/api/issues/${blocker.id}`, { status: "cancelled" });
  const issue = await post<Issue>(api, `/api/companies/${c.id}/issues`, { title: "Wire up payments", status: "blocked", blockedByIssueIds: [blocker.id], assigneeAgentId: theo.id });

  const row = await stalledRow(page, api, "NMUB", issue, "blocker_finished");
  await expect(row).toContainText(`blocked by ${blocker.identifier}, all finished`);
  await row.getByRole("button", { name: "Unblock" }).click();
  await expect(page.getByTestId("stalled-row").filter({ hasText: issue.identifier })).toHaveCount(0);
  const after = await getIssue(api, issue.id);
  expect(after).toMatchObject({ status: "todo", blockedByIssueIds: [], liveness: { state: "moving" } });
  // its agent was woken for it: the wake (or the run it became) names the issue
  const wakes = await (await api.get(`/api/agents/${theo.id}/wakeups`)).json();
  expect(JSON.stringify(wakes)).toContain("unblocked on the Not moving page");
  // still moving after later sweeps: no finished blocker left to stall it again
  await page.waitForTimeout(3_000);
  expect((await getIssue(api, issue.id)).liveness.state).toBe("moving");

  // blocked with neither a blocker nor a comment, past the grace (dated back: the grace is two minutes)
  const silent = await post<Issue>(api, `/api/companies/${c.id}/issues`, { title: "Migrate the ledger", status: "blocked" });
  await withE2eDatabase((db) => db.query(`UPDATE "Issue" SET "updatedAt" = now() - interval '10 minutes' WHERE id = $1`, [silent.id]));
  const silentRow = await stalledRow(page, api, "NMUB", silent, "blocked_without_reason");
  await silentRow.getByRole("button", { name: "Unblock" }).click();
  await expect(page.getByTestId("stalled-row").filter({ hasText: silent.identifier })).toHaveCount(0);
  expect(await getIssue(api, silent.id)).toMatchObject({ status: "todo", liveness: { state: "moving" } });
  await api.dispose();
});

test("a checkout that outlived its run: Release in the row frees the issue and its row goes at once", async ({ page }) => {
  const { api, company: c } = await company(page, "Release Rise", "NMRL");
  const mara = await createAgent(api, c.id, { name: "Mara Quinn", role: "engineer" });
  const issue = await post<Issue>(api, `/api/companies/${c.id}/issues`, { title: "Rotate the API keys", status: "todo" });
  // hours of idleness, dated back: Mara's run ended three hours ago and left the checkout behind, and
  // the lost-wake remedy already woke her once for it (so the sweep reports it rather than waking her again)
  await withE2eDatabase(async (db) => {
    const run = await db.query<{ id: string }>(
      `INSERT INTO "HeartbeatRun" (id, "companyId", "agentId", "issueId", status, "adapterType", "createdAt", "startedAt", "finishedAt")
       VALUES (gen_random_uuid(), $1, $2, $3, 'succeeded', 'process', now() - interval '3 hours', now() - interval '3 hours', now() - interval '3 hours') RETURNING id`,
      [c.id, mara.id, issue.id]);
    await db.query(`UPDATE "Issue" SET "assigneeAgentId" = $2, "checkoutRunId" = $3, "updatedAt" = now() - interval '3 hours' WHERE id = $1`, [issue.id, mara.id, run.rows[0].id]);
    await db.query(`INSERT INTO "LivenessRemedy" (id, "companyId", "issueId", kind, "causeKey", details) VALUES (gen_random_uuid(), $1, $2, 'requeue_lost_wake', $3, '{}')`,
      [c.id, issue.id, `${mara.id}:-`]);
  });

  const row = await stalledRow(page, api, "NMRL", issue, "stale_checkout");
  await expect(row).toContainText("checked out by Mara Quinn with no run in flight");
  await row.getByRole("button", { name: "Release" }).click();
  await expect(page.getByTestId("stalled-row").filter({ hasText: issue.identifier })).toHaveCount(0);
  const after = await getIssue(api, issue.id);
  expect(after).toMatchObject({ status: "todo", assigneeAgentId: null, liveness: { state: "moving" } });
  await page.waitForTimeout(3_000);
  expect((await getIssue(api, issue.id)).liveness.state).toBe("moving");
  await api.dispose();
});

test("300 stalled issues over three reasons: chips count them all, pages of 100, readable light, dark and at 390 px", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const { api, company: c } = await company(page, "Many Stalls", "NMPG");
  await page.goto("/NMPG/stalled");
  await expect(page.getByText("Every open issue is moving")).toBeVisible();
  await snap(page, testInfo, "not-moving-empty");
  const paused = await createAgent(api, c.id, { name: "Mara Quinn", role: "engineer" });
  const broke = await createAgent(api, c.id, { name: "Theo Brandt", role: "engineer", budgetMonthlyCents: 100 });
  await createAgent(api, c.id, { name: "Iris Vale", role: "engineer" });
  await post(api, `/api/agents/${paused.id}/pause`, {}, 200);
  await post(api, `/api/companies/${c.id}/cost-events`, { agentId: broke.id, provider: "anthropic", model: "claude-sonnet", costCents: 150 });
  const blocker = await post<Issue>(api, `/api/companies/${c.id}/issues`, { title: "Decide the schema", status: "todo" });
  await patch(api, `/api/issues/${blocker.id}`, { status: "cancelled" });
  const specs = Array.from({ length: 300 }, (_, i) => i % 3 === 0 ? { assigneeAgentId: paused.id, status: "todo" }
    : i % 3 === 1 ? { assigneeAgentId: broke.id, status: "todo" } : { status: "blocked", blockedByIssueIds: [blocker.id] });
  for (let i = 0; i < specs.length; i += 20) {
    await Promise.all(specs.slice(i, i + 20).map((spec, j) =>
      post(api, `/api/companies/${c.id}/issues`, { title: `Stalled work item ${i + j + 1} with a title long enough to wrap on a phone`, ...spec })));
  }
  await expect.poll(async () => (await (await api.get(`/api/companies/${c.id}/stalled?limit=1`)).json()).counts, { timeout: 60_000 })
    .toMatchObject({ agent_paused: 100, agent_over_budget: 100, blocker_finished: 100 });

  await page.goto("/NMPG/stalled");
  await expect(page.getByRole("link", { name: /^All 300/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("stalled-row")).toHaveCount(100);
  await snap(page, testInfo, "not-moving-large", { fullPage: false });
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(page.getByTestId("stalled-row")).toHaveCount(100);
  await page.getByRole("link", { name: /^Agent over budget 100/ }).click();
  await expect(page.getByTestId("stalled-row").first()).toContainText("Theo Brandt is paused over budget");
  await expect(page.getByTestId("stalled-row").first().getByRole("button", { name: "Raise budget" })).toBeVisible();
  await page.getByTestId("stalled-row").first().getByRole("button", { name: "Reassign" }).click();
  await snap(page, testInfo, "not-moving-reassign-open", { fullPage: false });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await snap(page, testInfo, "not-moving-dark", { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("stalled-row").first().getByRole("button", { name: "Raise budget" }).click();
  await snap(page, testInfo, "not-moving-390-dark", { fullPage: false });
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/NMPG/stalled");
  await snap(page, testInfo, "not-moving-390", { fullPage: false });
  // the list rows carry the line too
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/NMPG/issues");
  await expect(page.getByTestId("liveness-badge").first()).toBeVisible();
  await snap(page, testInfo, "issue-list-badges", { fullPage: false });
  await api.dispose();
});
